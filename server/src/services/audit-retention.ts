// The audit log keeps config.auditRetentionDays of records: a sweep at start, then daily. The timer
// does not keep the process alive, and stops when the app closes.
import type { FastifyInstance } from 'fastify';
import type { Repositories } from '../repositories';

const DAY_MS = 24 * 3600 * 1000;

export async function startAuditRetention(app: FastifyInstance, repos: Repositories): Promise<void> {
  const sweep = () => repos.audit.purgeOlderThan(app.config.auditRetentionDays).catch((err: unknown) => app.log.error({ err }, 'audit retention sweep failed'));
  await sweep();
  const timer = setInterval(() => void sweep(), DAY_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
