/**
 * Attachments in real Chromium on a 360 px phone: the buyer picks an image
 * and a PDF in /tin-nhan's composer ("Đính kèm"), each goes up through the
 * upload pipeline at once, and the sent message shows the image as a
 * thumbnail and the PDF as a link with its name and size; the author sees
 * both. Nothing overflows the phone's width. axe on the page.
 */
import { pdfBytes } from '../../src/lib/server/platform/storage/samples/pdf';
import { sellable } from '../helpers/checkout';
import { createUser, request, sql } from '../helpers/http';
import { cleanupUser, expect, expectAccessible, hydrated, PHONE, signInAs, test, uniqueEmail } from './fixtures';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

test('a buyer attaches an image and a PDF from a phone; both parties see them', async ({ page, context, baseURL }) => {
	const base = baseURL!;
	const buyer = await createUser(base, { email: uniqueEmail('dinhkem'), name: 'Thầy Minh E2E' });
	const author = await createUser(base, { role: 'author', email: uniqueEmail('dinhkem-tg'), name: 'Cô Lan Tác Giả' });
	const product = await sellable(base, { priceVnd: '25000' });
	await sql(base, 'UPDATE products SET author_id = $1 WHERE id = $2', [author.userId, product.id]);
	try {
		const started = await request(base, '/api/v1/conversations', { method: 'POST', json: { productId: product.id, body: 'Cô xem giúp em bài này ạ.' }, headers: { origin: base, cookie: buyer.cookie } });
		expect(started.status, started.text).toBe(200);
		const conversationId = started.body.data.conversation.id as string;

		await page.setViewportSize(PHONE);
		await signInAs(context, base, buyer);
		await page.goto(`/tin-nhan?c=${conversationId}`);
		await hydrated(page);
		await page.getByTestId('attach-input').setInputFiles([
			{ name: 'bai-lam.png', mimeType: 'image/png', buffer: PNG },
			{ name: 'Phiếu bài tập.pdf', mimeType: 'application/pdf', buffer: Buffer.from(pdfBytes('Phiếu bài tập', ['Bài 1: Tính 12 + 7.'])) }
		]);
		const attached = page.getByTestId('attached').getByRole('listitem');
		await expect(attached).toHaveCount(2);
		await expect(page.getByText('Đã đính kèm Phiếu bài tập.pdf.')).toBeVisible();
		await page.getByLabel('Tin nhắn', { exact: true }).fill('Bài làm và phiếu của con em ạ.');
		await page.getByRole('button', { name: 'Gửi', exact: true }).click();

		const sent = page.getByTestId('message').nth(1);
		await expect(sent).toContainText('Bài làm và phiếu của con em ạ.');
		const image = sent.getByRole('img', { name: 'bai-lam.png' });
		await expect(image).toBeVisible();
		await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
		await expect(sent.getByTestId('attachment-link')).toContainText('Phiếu bài tập.pdf');
		await expect(sent.getByTestId('attachment-link')).toContainText(/PDF · \d+ byte/);
		await expect(page.getByTestId('attached')).toHaveCount(0);
		expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
		await expectAccessible(page);

		// The author gets the same files.
		const messages = await request(base, `/api/v1/conversations/${conversationId}/messages`, { headers: { cookie: author.cookie } });
		const files = messages.body.data.at(-1).attachments as { url: string; contentType: string }[];
		expect(files.map((f) => f.contentType)).toEqual(['image/png', 'application/pdf']);
		const bytes = await fetch(`${base}${files[0]!.url}`, { headers: { cookie: author.cookie } });
		expect(Buffer.from(await bytes.arrayBuffer()).equals(PNG)).toBe(true);
	} finally {
		for (const u of [buyer, author]) await cleanupUser(base, u.userId);
	}
});
