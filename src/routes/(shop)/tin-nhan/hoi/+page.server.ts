import { error, redirect } from '@sveltejs/kit';
import { z } from 'zod';
import type { Actions, PageServerLoad } from './$types';
import { MessageBody } from '$lib/contracts/conversations';
import { paths } from '$lib/paths';
import { productToAsk } from '$lib/server/conversations/inbox';
import { formAction } from '$lib/server/forms';
import { requireSignIn } from '$lib/server/page-guards';
import { serverCaller } from '$lib/server/trpc/server-caller';

/** "Hỏi tác giả": `?sp=<productId>`. Signed out, the sign-in page brings the person back here. */
export const load: PageServerLoad = async (event) => {
	requireSignIn(event);
	const product = await productToAsk(event.url.searchParams.get('sp') ?? '');
	if (!product) error(404, { message: 'Không tìm thấy học liệu này hoặc học liệu không còn được bán.', code: 'not_found' });
	return { product };
};

export const actions = {
	default: async (event) => {
		requireSignIn(event);
		const outcome = await formAction(event, z.object({ productId: z.uuid(), body: MessageBody }), (input) => serverCaller(event).conversations.start(input));
		if (!outcome.ok) return outcome.failure;
		redirect(303, paths.conversation(outcome.value.conversation.id));
	}
} satisfies Actions;
