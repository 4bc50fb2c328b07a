/**
 * Demo covers: one SVG per subject × product type, so a shelf of Toán slides
 * does not look like a shelf of Ngữ văn lesson plans. The subject gives the
 * colours and the big subject mark, the type gives the badge (DOCX, PPTX, ▶…).
 * Files are written into static/covers/<subject>/<type>.svg by
 * `npx tsx scripts/write-covers.ts`; tests/unit/covers.test.ts checks the
 * committed files are exactly what this renders.
 */
import { productTypes, type ProductType } from '../../../contracts/catalog';
import { productTypeInfo } from '../../../product-types';
import { subjects } from './curriculum';

/** Background, ink and a short mark per subject (colours pass 4.5:1 for the ink on the background). */
const SUBJECT_STYLE: Record<string, { bg: string; ink: string; mark: string }> = {
	toan: { bg: '#e6f0ff', ink: '#1d4ed8', mark: '+ − × ÷' },
	'tieng-viet': { bg: '#fff1e6', ink: '#b45309', mark: 'A Ă Â' },
	'ngu-van': { bg: '#fdecef', ink: '#be123c', mark: '“Văn”' },
	'tieng-anh': { bg: '#e8f7f0', ink: '#047857', mark: 'ABC' },
	'dao-duc': { bg: '#fef3f2', ink: '#b42318', mark: '♥' },
	'tu-nhien-va-xa-hoi': { bg: '#ecfdf3', ink: '#067647', mark: '☀ ✿' },
	'khoa-hoc': { bg: '#eef4ff', ink: '#3538cd', mark: '⚗' },
	'lich-su-va-dia-li': { bg: '#fdf6e7', ink: '#93370d', mark: '⌖ 938' },
	'khoa-hoc-tu-nhien': { bg: '#f0f9ff', ink: '#026aa2', mark: 'H₂O' },
	'giao-duc-cong-dan': { bg: '#fff6ed', ink: '#c4320a', mark: '⚖' },
	'lich-su': { bg: '#faf3e8', ink: '#8a4b0f', mark: '1945' },
	'dia-li': { bg: '#ecfdff', ink: '#0e7090', mark: '⌖' },
	'vat-li': { bg: '#f4f3ff', ink: '#5925dc', mark: 'F = ma' },
	'hoa-hoc': { bg: '#f0fdf9', ink: '#107569', mark: 'NaCl' },
	'sinh-hoc': { bg: '#f3fee7', ink: '#3b7c0f', mark: 'ADN' },
	'giao-duc-kinh-te-va-phap-luat': { bg: '#f5f5ff', ink: '#3e4784', mark: '₫ ⚖' },
	'cong-nghe': { bg: '#f2f4f7', ink: '#344054', mark: '⚙' },
	'tin-hoc': { bg: '#eff8ff', ink: '#175cd3', mark: '</>' },
	'am-nhac': { bg: '#fdf2fa', ink: '#c11574', mark: '♫' },
	'mi-thuat': { bg: '#fef6fb', ink: '#9e165f', mark: '✎' },
	'hoat-dong-trai-nghiem': { bg: '#fffaeb', ink: '#b54708', mark: '★' }
};

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function coverFor(subjectSlug: string, type: ProductType): string {
	return `/covers/${subjectSlug}/${productTypeInfo[type].cover.file}.svg`;
}

/** The cover's accessible name, also used as its <title>. */
export function coverLabel(subjectName: string, type: ProductType): string {
	return `${productTypeInfo[type].cover.name} môn ${subjectName}`;
}

/** One cover; the type changes the frame shape as well as the badge, so types differ at a glance. */
export function renderCover(subjectSlug: string, type: ProductType): string {
	const subject = subjects.find((s) => s.slug === subjectSlug);
	const style = SUBJECT_STYLE[subjectSlug];
	if (!subject || !style) throw new Error(`No cover style for subject ${subjectSlug}`);
	const label = xml(coverLabel(subject.name, type));
	const frame: Record<ProductType, string> = {
		LESSON_PLAN: `<path d="M230 70h150l40 40v200H230z" fill="#fff" stroke="${style.ink}" stroke-width="6"/><path d="M380 70v40h40" fill="none" stroke="${style.ink}" stroke-width="6"/>`,
		SLIDE: `<rect x="170" y="80" width="300" height="190" rx="10" fill="#fff" stroke="${style.ink}" stroke-width="6"/><path d="M320 270v30m-40 0h80" stroke="${style.ink}" stroke-width="6"/>`,
		VIDEO: `<rect x="170" y="80" width="300" height="200" rx="24" fill="#fff" stroke="${style.ink}" stroke-width="6"/><circle cx="440" cy="110" r="12" fill="${style.ink}"/>`,
		MUSIC: `<circle cx="320" cy="180" r="110" fill="#fff" stroke="${style.ink}" stroke-width="6"/><circle cx="320" cy="180" r="18" fill="${style.ink}"/>`,
		COMBO: `<rect x="200" y="100" width="240" height="180" rx="10" fill="#fff" stroke="${style.ink}" stroke-width="4" opacity=".6"/><rect x="185" y="85" width="240" height="180" rx="10" fill="#fff" stroke="${style.ink}" stroke-width="4" opacity=".8"/><rect x="170" y="70" width="240" height="180" rx="10" fill="#fff" stroke="${style.ink}" stroke-width="6"/>`
	};
	return `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="400" viewBox="0 0 640 400" role="img" aria-label="${label}">
	<title>${label}</title>
	<rect width="640" height="400" fill="${style.bg}"/>
	${frame[type]}
	<text x="320" y="190" font-family="sans-serif" font-size="40" font-weight="700" fill="${style.ink}" text-anchor="middle">${xml(style.mark)}</text>
	<rect x="40" y="28" width="${24 + productTypeInfo[type].cover.badge.length * 15}" height="40" rx="20" fill="${style.ink}"/>
	<text x="${52}" y="56" font-family="sans-serif" font-size="22" font-weight="700" fill="#fff">${xml(productTypeInfo[type].cover.badge)}</text>
	<text x="320" y="350" font-family="sans-serif" font-size="34" font-weight="700" fill="${style.ink}" text-anchor="middle">${xml(subject.name)}</text>
</svg>
`;
}

/** Every cover the seed can pick: [path under static/, SVG text]. */
export function allCovers(): [string, string][] {
	return subjects.flatMap((s) => productTypes.map((t): [string, string] => [coverFor(s.slug, t).slice(1), renderCover(s.slug, t)]));
}
