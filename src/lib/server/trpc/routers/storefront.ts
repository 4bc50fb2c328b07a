/**
 * Storefront-only procedures (no REST route, not part of the public contract):
 * what the Svelte pages need beyond the documented endpoints.
 */
import { z } from 'zod';
import { ProductSummary } from '../../../contracts/catalog';
import { ProductId } from '../../../contracts/music';
import { LibraryPage, LibraryQuery } from '../../../contracts/library';
import { BankTransferAccount } from '../../../contracts/payment-page';
import { runningFlashSales } from '../../catalog/flash-sales';
import { config } from '../../config';
import { libraryPage } from '../../downloads/library';
import { ownedDownloadLink, ownedProductIds } from '../../downloads/owned';
import { previewClips } from '../../music/preview-clips';
import { publicProcedure, router, sessionProcedure } from '../init';

export const storefrontRouter = router({
	/** Flash sales running now, ending soonest first (home page). */
	flashSales: publicProcedure
		.input(z.object({ limit: z.number().int().min(1).max(24).default(8) }))
		.output(z.array(ProductSummary))
		.query(({ input }) => runningFlashSales(input.limit)),

	/**
	 * The account bank transfers go to, as separate fields the payment page
	 * shows with copy buttons, and the banking apps it may open; null while
	 * payments are not configured (the page then shows only the instructions).
	 */
	bankTransfer: publicProcedure.output(BankTransferAccount.nullable()).query(() => {
		const { payment, paymentBankApps, paymentDeepLinkBase } = config();
		if (!payment.ready) return null;
		const { bankBin, bankName, accountNumber, accountName } = payment;
		return { bankBin, bankName, accountNumber, accountName, apps: paymentBankApps, deepLinkBase: paymentDeepLinkBase };
	}),

	/** A download link for a product the signed-in account owns (product page: "Đã mua → Tải về"). */
	ownedDownload: sessionProcedure
		.input(z.object({ productId: z.uuid() }))
		.output(z.object({ url: z.string(), expiresAt: z.iso.datetime() }))
		.query(({ ctx, input }) => ownedDownloadLink(ctx.session.user.id, input.productId)),

	/** "Thư viện của tôi": what the signed-in account owns, newest first, searchable. */
	library: sessionProcedure
		.input(LibraryQuery)
		.output(LibraryPage)
		.query(({ ctx, input }) => libraryPage(ctx.session.user.id, input)),

	/** Which of the listed products the signed-in account owns (music page: download an owned paid track, else "Mua"). */
	ownedProducts: sessionProcedure
		.input(z.object({ ids: z.array(ProductId).min(1).max(50) }))
		.output(z.array(z.string()))
		.query(({ ctx, input }) => ownedProductIds(ctx.session.user.id, input.ids)),

	/** "Nghe thử" on the music page: the public preview clips of the listed tracks, for guests too. */
	previewClips: publicProcedure
		.input(z.object({ ids: z.array(ProductId).min(1).max(50) }))
		.output(z.array(z.object({ id: z.string(), clipUrl: z.string(), durationSeconds: z.number().int().nullable() })))
		.query(({ input }) => previewClips(input.ids))
});
