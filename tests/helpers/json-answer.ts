/**
 * The body of a JSON answer as a test reads it. A test walks to the fields it checks and asserts
 * their values, so its assertions are the check on the answer's shape; declaring a type for each
 * answer the tests read (some 800 reads) would only repeat what those assertions say.
 */
// biome-ignore lint/suspicious/noExplicitAny: a test may read any field of an answer; its assertions check it
export type JsonAnswer = any;
