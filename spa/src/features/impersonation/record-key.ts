/** Where the impersonation record is kept (localStorage); see record.ts. Its own module: the entry needs only the key. */
export const IMPERSONATION_KEY = 'raisespark.impersonation';
