/**
 * Mail preferences: which optional groups an address receives. Stored as
 * opt-outs keyed by the address, so a visitor without an account (a
 * reporter) can unsubscribe with the link in the mail just as an account
 * can on /tai-khoan. Money mails have no switch: they are always sent.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { optionalMailGroups, type MailPreferences, type NotificationGroup, type OptionalMailGroup } from '../../contracts/notifications';
import type { DbOrTx } from '../db/client';
import { db } from '../db/client';
import { mailOptOuts } from '../db/schema';
import { now } from '../platform/clock';
import { signJson, verifyJson } from '../platform/signing';

const normalise = (email: string) => email.trim().toLowerCase();

export function isOptionalGroup(group: NotificationGroup): group is OptionalMailGroup {
	return (optionalMailGroups as readonly string[]).includes(group);
}

export async function optedOutGroups(tx: DbOrTx, email: string): Promise<Set<NotificationGroup>> {
	const rows = await tx.select({ group: mailOptOuts.group }).from(mailOptOuts).where(eq(mailOptOuts.email, normalise(email)));
	return new Set(rows.map((r) => r.group));
}

export async function mailPreferences(email: string): Promise<MailPreferences> {
	const off = await optedOutGroups(db(), email);
	return Object.fromEntries(optionalMailGroups.map((g) => [g, !off.has(g)])) as MailPreferences;
}

export async function setMailPreferences(email: string, prefs: MailPreferences): Promise<MailPreferences> {
	const address = normalise(email);
	const off = optionalMailGroups.filter((g) => !prefs[g]);
	const on = optionalMailGroups.filter((g) => prefs[g]);
	await db().transaction(async (tx) => {
		if (on.length) await tx.delete(mailOptOuts).where(and(eq(mailOptOuts.email, address), inArray(mailOptOuts.group, on)));
		if (off.length) await tx.insert(mailOptOuts).values(off.map((group) => ({ email: address, group, createdAt: now() }))).onConflictDoNothing();
	});
	return mailPreferences(address);
}

/**
 * The one-click unsubscribe token of a mail (RFC 8058): it names the address
 * and the groups the mail was about, signed, without expiry (a link in an old
 * mail must keep working).
 */
export function unsubscribeToken(email: string, groups: OptionalMailGroup[]): string {
	return signJson('mail-unsubscribe', { e: normalise(email), g: groups });
}

export function readUnsubscribeToken(token: string): { email: string; groups: OptionalMailGroup[] } | null {
	const v = verifyJson('mail-unsubscribe', token) as { e?: unknown; g?: unknown } | null;
	if (!v || typeof v.e !== 'string' || !Array.isArray(v.g)) return null;
	const groups = v.g.filter((g): g is OptionalMailGroup => typeof g === 'string' && (optionalMailGroups as readonly string[]).includes(g));
	return groups.length ? { email: v.e, groups } : null;
}

export async function unsubscribe(email: string, groups: OptionalMailGroup[]): Promise<void> {
	await db()
		.insert(mailOptOuts)
		.values(groups.map((group) => ({ email: normalise(email), group, createdAt: now() })))
		.onConflictDoNothing();
}
