import { lt } from 'drizzle-orm';
import { config } from '../config';
import { db } from '../db/client';
import { liveEvents } from '../db/schema';
import { nowMs } from '../platform/clock';

/** Events older than LIVE_RETENTION_HOURS can no longer be resumed; a stream asked for them answers `resync`. */
export async function pruneLiveEvents(): Promise<number> {
	const cutoff = new Date(nowMs() - config().live.retentionMs);
	const gone = await db().delete(liveEvents).where(lt(liveEvents.createdAt, cutoff)).returning({ seq: liveEvents.seq });
	return gone.length;
}
