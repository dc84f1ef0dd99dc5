import { ConfigError, loadConfig } from './config';
import { startServer } from './start-server';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const { app, services } = await startServer(config);
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const url = config.PUBLIC_URL.replace(`:${config.PORT}`, `:${port}`);
  app.log.info({ url, database: services.database.driver, redis: Boolean(config.REDIS_URL) }, 'ready');
  console.log(`\n  Meet Nearby is running at ${url}\n  API docs: ${url}/api/docs\n`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
