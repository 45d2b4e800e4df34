export * from './common';
export * from './geo';
export * from './stats';
export * from './fields';
export * from './auth';
export * from './contact';
export * from './downloads';
export * from './rvm';
