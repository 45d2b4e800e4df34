/** The PostgreSQL server of the API tests (its admin database), where each test file gets a database. */
export function adminUrl(): string {
  return process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
}
