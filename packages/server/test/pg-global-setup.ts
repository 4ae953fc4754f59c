import pg from 'pg';

/** Schema names test-database.ts gives out: `t_<pid of the test process>_<random>`. */
const TEST_SCHEMA = /^t_(\d+)_[0-9a-f]+$/;

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Before the PostgreSQL project runs: drops the test schemas that runs which died left behind (a
 * killed or failed run cannot drop its own). A schema whose process still lives belongs to a run
 * going on beside this one and is kept.
 */
export default async function dropLeftoverSchemas(): Promise<void> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      `SELECT nspname AS name FROM pg_namespace WHERE nspname LIKE 't\\_%'`,
    );
    const leftovers = rows
      .map((r) => r.name)
      .filter((name) => {
        const pid = TEST_SCHEMA.exec(name)?.[1];
        return pid !== undefined && !alive(Number(pid));
      });
    for (const name of leftovers) await client.query(`DROP SCHEMA IF EXISTS "${name}" CASCADE`);
    if (leftovers.length) console.log(`dropped ${leftovers.length} test schemas left by earlier runs`);
  } finally {
    await client.end();
  }
}
