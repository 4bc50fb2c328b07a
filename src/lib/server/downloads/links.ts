import { paths } from '../../paths';
import { config } from '../config';

/** The storefront page that exchanges a download token for the file (the link in receipts and on paid orders). */
export function downloadPageUrl(token: string): string {
	return `${config().origin}${paths.download(token)}`;
}
