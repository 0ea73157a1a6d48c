import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runToExit, serverEnv } from './helpers/child-server.ts';
import { twoNodeSuite } from './helpers/two-nodes.ts';

// Two app nodes on one PostgreSQL database (decisions 151 and 152): the tests of helpers/two-nodes.ts,
// the database a throw-away cluster of this file.
twoNodeSuite('postgres', (nodes) => {
  describe('backup and restore while the nodes run', () => {
    it('backs up the shared database, and refuses a restore from a third node folder or another machine', async () => {
      const { a, b, root, shared, databaseUrl } = nodes();
      const backup = await runToExit(
        ['scripts/backup.ts'],
        serverEnv(join(root, 'c'), { SHARED_DIR: shared, DATABASE_URL: databaseUrl }),
      );
      expect(backup.code, backup.stderr).toBe(0);
      const dump = /backup written: (\S+\.dump)/.exec(backup.stdout)?.[1];
      expect(dump).toBeDefined();

      // a node folder beside the running ones: the shared folder's lock says they run
      const third = await runToExit(
        ['scripts/restore.ts', dump as string],
        serverEnv(join(root, 'c'), { SHARED_DIR: shared, DATABASE_URL: databaseUrl }),
      );
      expect(third.code).toBe(1);
      expect(third.stderr).toContain('모든 노드를 멈춘 뒤에 다시 시도하세요');

      // another machine, which does not see the shared folder's lock: the database's connections say so
      const elsewhere = await runToExit(
        ['scripts/restore.ts', dump as string],
        serverEnv(join(root, 'other-machine'), { DATABASE_URL: databaseUrl }),
      );
      expect(elsewhere.code).toBe(1);
      expect(elsewhere.stderr).toMatch(/데이터베이스에 다른 연결이 \d+개 있어 복원하지 않습니다/);

      // both nodes answer as before
      expect((await fetch(`${a.url}/api/health`)).status).toBe(200);
      expect((await fetch(`${b.url}/api/health`)).status).toBe(200);
    });
  });
});
