import { error } from '@sveltejs/kit';
import { z } from 'zod';
import type { Actions, PageServerLoad } from './$types';
import { FileReportInput } from '$lib/contracts/reports';
import { formAction } from '$lib/server/forms';
import { serverCaller } from '$lib/server/trpc/server-caller';

export const load: PageServerLoad = async (event) => {
	const [product] = await serverCaller(event).accountPages.productLinks({ ids: [event.params.productId] });
	if (!product) error(404, { code: 'not_found', message: 'Không tìm thấy học liệu đang bán để báo cáo.' });
	const user = event.locals.session?.user ?? null;
	return { product, reporter: user ? { name: user.name ?? '', email: user.email } : null };
};

export const actions = {
	// The same procedure as POST /api/v1/reports: same validation, same limits.
	default: async (event) => {
		const form = z.preprocess(
			(values) => ({ ...(values as Record<string, string>), productId: event.params.productId, sworn: (values as Record<string, string>).sworn === 'yes' }),
			FileReportInput
		);
		const outcome = await formAction(event, form, (input) => serverCaller(event).reports.file(input));
		return outcome.ok ? { filed: outcome.value } : outcome.failure;
	}
} satisfies Actions;
