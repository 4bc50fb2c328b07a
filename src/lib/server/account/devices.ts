/**
 * "Thiết bị đang đăng nhập": the account's live sessions, described for a
 * person (browser and system from the user agent, the network with its last
 * part hidden), and "sign out everywhere else".
 */
import { and, desc, eq, gt, ne } from 'drizzle-orm';
import type { DeviceSession } from '../../contracts/account';
import { db } from '../db/client';
import { sessions } from '../db/schema';
import { now } from '../platform/clock';
import { log } from '../platform/logger';

// Order matters: Edge, Opera and Cốc Cốc also say "Chrome", and Chrome also says "Safari".
const BROWSERS: [RegExp, string][] = [
	[/coc_coc_browser/i, 'Cốc Cốc'],
	[/Edg(e|A|iOS)?\//, 'Edge'],
	[/OPR\/|Opera/, 'Opera'],
	[/Zalo/i, 'Zalo'],
	[/Firefox\/|FxiOS/, 'Firefox'],
	[/Chrome\/|CriOS/, 'Chrome'],
	[/Safari\//, 'Safari']
];
const SYSTEMS: [RegExp, string][] = [
	[/Windows/, 'Windows'],
	[/Android/, 'Android'],
	[/iPhone|iPad|iPod/, 'iOS'],
	[/Mac OS X|Macintosh/, 'macOS'],
	[/CrOS/, 'ChromeOS'],
	[/Linux/, 'Linux']
];

export function describeDevice(userAgent: string | null): string {
	if (!userAgent) return 'Thiết bị không rõ';
	const browser = BROWSERS.find(([re]) => re.test(userAgent))?.[1];
	const system = SYSTEMS.find(([re]) => re.test(userAgent))?.[1];
	if (browser && system) return `${browser} trên ${system}`;
	if (browser || system) return (browser ?? system)!;
	// Scripts and API clients: their own name is the most useful thing to show.
	return userAgent.split(/[\s/]/)[0]!.slice(0, 40) || 'Thiết bị không rõ';
}

/** Enough to recognise "that was my school's network", not enough to locate anyone. */
export function describeNetwork(ip: string | null): string | null {
	if (!ip) return null;
	const v4 = ip.replace(/^::ffff:/, '');
	if (/^\d+\.\d+\.\d+\.\d+$/.test(v4)) return v4.replace(/\.\d+$/, '.x');
	if (ip.includes(':')) return `${ip.split(':').slice(0, 3).join(':')}:…`;
	return null;
}

export async function listDevices(userId: string, currentSessionId: string): Promise<DeviceSession[]> {
	const rows = await db()
		.select()
		.from(sessions)
		.where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now())))
		.orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
	const devices = rows.map((s) => ({
		current: s.id === currentSessionId,
		device: describeDevice(s.userAgent),
		network: describeNetwork(s.ip),
		createdAt: s.createdAt.toISOString(),
		lastSeenAt: s.lastSeenAt.toISOString()
	}));
	// This device first: it is the one the person recognises.
	return devices.sort((a, b) => Number(b.current) - Number(a.current));
}

export async function signOutElsewhere(userId: string, currentSessionId: string): Promise<{ ended: number }> {
	const ended = await db()
		.delete(sessions)
		.where(and(eq(sessions.userId, userId), ne(sessions.id, currentSessionId)))
		.returning({ id: sessions.id });
	log.info('signed out elsewhere', { userId, ended: ended.length });
	return { ended: ended.length };
}
