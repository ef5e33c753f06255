declare module 'vitest' {
  export interface ProvidedContext {
    /** PostgreSQL admin URL from TEST_DATABASE_URL, or '' for in-memory PGlite. */
    testDatabaseUrl: string;
  }
}

export {};
