import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from './client';

describe('plain SQL on the embedded database', () => {
  let database: Database | undefined;
  afterEach(async () => database?.close());

  it('runs a script of several statements, and one that fails inside its BEGIN leaves the connection usable', async () => {
    database = await createDatabase({ memory: true });
    await database.executeSql('create table t (n int); insert into t values (1); insert into t values (2);');
    expect((await database.executeSql('select count(*)::int as n from t', [])).rows).toEqual([{ n: 2 }]);
    await expect(database.executeSql('begin; insert into t values (3); select 1 / 0; commit;')).rejects.toThrow(
      /division by zero/,
    );
    // Rolled back: the insert is gone and the next statement runs.
    expect((await database.executeSql('select count(*)::int as n from t where n > $1', [0])).rows).toEqual([{ n: 2 }]);
  });
});
