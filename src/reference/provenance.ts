/** The provenance of every generated sample figure, economic series and trade flows alike. */
export const SAMPLE_PROVENANCE = {
  source_name: 'Generated sample data (not official statistics)',
  source_url: 'https://example.org/econtrade/sample-data',
  license_id: 'CC0-1.0',
  attribution_text:
    'Generated sample data for demonstration and testing; the numbers are synthetic and are not official statistics.',
} as const;
