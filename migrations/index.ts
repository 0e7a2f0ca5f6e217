import { Foundation1795400000000 } from './1795400000000-Foundation';

/** Every migration in order. Listed explicitly so the app, the CLI and the tests load the same set. */
export const migrations = [Foundation1795400000000];
