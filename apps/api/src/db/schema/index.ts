export * from './users';
export * from './auth';
export * from './mail';
export * from './media';
export * from './content';
export * from './attribution';
export * from './crypto';
export * from './chat';
