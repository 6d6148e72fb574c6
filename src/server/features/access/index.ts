// access's public module: every ownership question, asked by the other features and the API guard.
export * from './access.repository';
export * from './access';
