/**
 * The header's notification bell follows the live event stream in real
 * Chromium at 360 px: a notification written for the signed-in person shows
 * in the badge without a reload, one EventSource serves the tab across
 * client-side navigations, and the page stays accessible (axe).
 */
import { createUser, sql } from '../helpers/http';
import { cleanupUser, expect, expectAccessible, PHONE, signInAs, test, uniqueEmail } from './fixtures';

/** What notifyUser writes (src/lib/server/notifications/notify.ts); the table's trigger makes it a live event. */
const notify = (base: string, userId: string, title: string) =>
	sql(base, `INSERT INTO notifications (user_id, kind, "group", title, body, link, created_at) VALUES ($1, 'test', 'studio', $2, '', '/thong-bao', now())`, [userId, title]);

test('the bell counts a new notification live, on one stream per tab', async ({ page, context, baseURL }) => {
	const base = baseURL!;
	const user = await createUser(base, { email: uniqueEmail('truc-tiep'), name: 'Cô Hạnh E2E' });
	try {
		await page.setViewportSize(PHONE);
		await signInAs(context, base, user);
		const streams: string[] = [];
		page.on('request', (r) => {
			if (new URL(r.url()).pathname === '/api/v1/events') streams.push(r.url());
		});
		const ready = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/events' && r.status() === 200);
		await page.goto('/');
		await ready;
		const badge = page.getByTestId('unread-count');
		await expect(badge).toHaveCount(0);

		await notify(base, user.userId, 'Học liệu của bạn đã được duyệt');
		await expect(badge).toContainText('1');
		await notify(base, user.userId, 'Bạn vừa bán được “Giáo án Toán 1”');
		await expect(badge).toContainText('2');

		// A client-side navigation keeps the tab's one stream.
		await page.getByTestId('notifications-link').click();
		await expect(page).toHaveURL(/\/thong-bao$/);
		await expect(page.getByText('Bạn vừa bán được “Giáo án Toán 1”')).toBeVisible();
		await notify(base, user.userId, 'Báo cáo của bạn đã được xử lý');
		await expect(page.getByText('Báo cáo của bạn đã được xử lý')).toBeVisible();
		await expect(badge).toContainText('3');
		expect(streams).toHaveLength(1);
		await expectAccessible(page);
	} finally {
		await cleanupUser(base, user.userId);
	}
});
