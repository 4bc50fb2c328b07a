// The package ships no types; this is the shape of its output (prom2json's).
declare module 'parse-prometheus-text-format' {
	export interface PrometheusSample {
		labels?: Record<string, string>;
		value?: string;
		count?: string;
		sum?: string;
		buckets?: Record<string, string>;
		quantiles?: Record<string, string>;
	}
	export interface PrometheusFamily {
		name: string;
		help: string;
		type: 'COUNTER' | 'GAUGE' | 'HISTOGRAM' | 'SUMMARY' | 'UNTYPED';
		metrics: PrometheusSample[];
	}
	export default function parsePrometheusTextFormat(text: string): PrometheusFamily[];
}
