/**
 * The API as the OpenAPI document of the service describes it, generated from
 * `/v1/openapi.json` (`npm run client:types`); a test fails when they differ.
 */

export interface paths {
    "/v1/countries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every country and aggregate with data, sorted by country_id
         * @description Costs 1 credit per 200 answer; other answers are free. Also answers `text/csv` (`format=csv`, or `Accept: text/csv` without `format`).
         */
        get: operations["listCountries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Observations sorted by series_id then date, 1000 a page, optionally aggregated and transformed
         * @description Costs 2 credits per 200 answer; other answers are free. Also answers `text/csv` (`format=csv`, or `Accept: text/csv` without `format`).
         */
        get: operations["getHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/indicators": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every indicator with data, sorted by kpi_id
         * @description Costs 1 credit per 200 answer; other answers are free. Also answers `text/csv` (`format=csv`, or `Accept: text/csv` without `format`).
         */
        get: operations["listIndicators"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/latest": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Latest value of each matching series, sorted by country_id then kpi_id
         * @description Costs 1 credit per 200 answer; other answers are free. Also answers `text/csv` (`format=csv`, or `Accept: text/csv` without `format`).
         */
        get: operations["getLatest"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Countries, indicators and series matching free text, best first
         * @description Costs 1 credit per 200 answer; other answers are free. Also answers `text/csv` (`format=csv`, or `Accept: text/csv` without `format`).
         */
        get: operations["search"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/trade": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Annual observations (exporter, importer, product, year), a page at a time
         * @description Costs 2 credits per 200 answer; other answers are free. Also answers `text/csv` (`format=csv`, or `Accept: text/csv` without `format`).
         */
        get: operations["listTrade"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/trade/bulk": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every annual observation of the /v1/trade filters as one Parquet or CSV file
         * @description Costs 1 credit per started 100 000 rows (at least 1), counted and reserved before the first byte; other answers are free. An error after the first byte ends the stream: the file is left truncated.
         */
        get: operations["downloadTrade"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/trade/complexity/countries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Countries ranked by economic complexity (ECI) in a year
         * @description Costs 2 credits per 200 answer; other answers are free. Also answers `text/csv` (`format=csv`, or `Accept: text/csv` without `format`).
         */
        get: operations["listCountryComplexity"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/trade/complexity/products": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Products ranked by complexity (PCI) in a year
         * @description Costs 2 credits per 200 answer; other answers are free. Also answers `text/csv` (`format=csv`, or `Accept: text/csv` without `format`).
         */
        get: operations["listProductComplexity"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/trade/countries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Countries by name, ISO2 or ISO3
         * @description Costs 1 credit per 200 answer; other answers are free. Also answers `text/csv` (`format=csv`, or `Accept: text/csv` without `format`).
         */
        get: operations["searchTradeCountries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/trade/countries/{cid}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A country (or the EU group) and its region
         * @description Costs 1 credit per 200 answer; other answers are free.
         */
        get: operations["getTradeCountry"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/trade/countries/{cid}/advantage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Products of a country ranked by revealed comparative advantage (Balassa's index)
         * @description Costs 2 credits per 200 answer; other answers are free. Also answers `text/csv` (`format=csv`, or `Accept: text/csv` without `format`).
         */
        get: operations["getCountryAdvantage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/trade/countries/{cid}/exports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Annual exports of a country
         * @description Costs 1 credit per 200 answer; other answers are free. Also answers `text/csv` (`format=csv`, or `Accept: text/csv` without `format`).
         */
        get: operations["getCountryExports"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/trade/countries/{cid}/imports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Annual imports of a country
         * @description Costs 1 credit per 200 answer; other answers are free. Also answers `text/csv` (`format=csv`, or `Accept: text/csv` without `format`).
         */
        get: operations["getCountryImports"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/trade/countries/{cid}/opportunities": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Products a country could move into: density and complexity outlook gain (COG)
         * @description Costs 2 credits per 200 answer; other answers are free. Also answers `text/csv` (`format=csv`, or `Accept: text/csv` without `format`).
         */
        get: operations["getCountryOpportunities"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/trade/countries/{cid}/partners": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Partners of a country ranked by trade value
         * @description Costs 1 credit per 200 answer; other answers are free. Also answers `text/csv` (`format=csv`, or `Accept: text/csv` without `format`).
         */
        get: operations["getCountryPartners"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/trade/countries/{cid}/products": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Products of a country ranked by trade value
         * @description Costs 1 credit per 200 answer; other answers are free. Also answers `text/csv` (`format=csv`, or `Accept: text/csv` without `format`).
         */
        get: operations["getCountryProducts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/trade/coverage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Years and months of data of each reporting country
         * @description Costs 1 credit per 200 answer; other answers are free. Also answers `text/csv` (`format=csv`, or `Accept: text/csv` without `format`).
         */
        get: operations["getTradeCoverage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/trade/monthly": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Monthly flows by exporter, importer and product, by declaring side, a page at a time unless grouped
         * @description Costs 3 credits per 200 answer; other answers are free. Also answers `text/csv` (`format=csv`, or `Accept: text/csv` without `format`).
         */
        get: operations["listTradeMonthly"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/trade/products": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * HS6 products by code prefix or name
         * @description Costs 1 credit per 200 answer; other answers are free. Also answers `text/csv` (`format=csv`, or `Accept: text/csv` without `format`).
         */
        get: operations["searchProducts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/trade/products/{pid}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The HS6 codes under a product code
         * @description Costs 1 credit per 200 answer; other answers are free.
         */
        get: operations["getProduct"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/trade/products/{pid}/concordance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The codes of another HS edition that the codes under a product correspond to
         * @description Costs 1 credit per 200 answer; other answers are free. Also answers `text/csv` (`format=csv`, or `Accept: text/csv` without `format`).
         */
        get: operations["getProductConcordance"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/trade/products/{pid}/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Annual trade of a product
         * @description Costs 1 credit per 200 answer; other answers are free. Also answers `text/csv` (`format=csv`, or `Accept: text/csv` without `format`).
         */
        get: operations["getProductHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/trade/products/{pid}/markets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Largest exporters and importers of a product
         * @description Costs 2 credits per 200 answer; other answers are free.
         */
        get: operations["getProductMarkets"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/trade/products/{pid}/related": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Products closest to a product in the product space (proximity)
         * @description Costs 2 credits per 200 answer; other answers are free. Also answers `text/csv` (`format=csv`, or `Accept: text/csv` without `format`).
         */
        get: operations["getProductRelated"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/trade/summary": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Totals, growth, unit value, top partners and concentration
         * @description Costs 2 credits per 200 answer; other answers are free.
         */
        get: operations["getTradeSummary"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/updates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Series whose data changed after `since`, sorted by last_update then series_id
         * @description Costs 1 credit per 200 answer; other answers are free. Also answers `text/csv` (`format=csv`, or `Accept: text/csv` without `format`).
         */
        get: operations["listUpdates"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/vintages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The days the data of each matching series changed (its vintages), sorted by series_id
         * @description Costs 1 credit per 200 answer; other answers are free. Also answers `text/csv` (`format=csv`, or `Accept: text/csv` without `format`).
         */
        get: operations["listVintages"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /**
         * Advantage
         * @description A product's revealed comparative advantage in a country's exports.
         * @example {
         *       "hs6": "870323",
         *       "hs_version": 2022,
         *       "value_usd": 58230000000,
         *       "world_value_usd": 410200000000,
         *       "share": 0.0381,
         *       "world_share": 0.0175,
         *       "rca": 2.18
         *     }
         */
        Advantage: {
            /** @description its HS edition */
            hs_version: number;
            /** @description the HS6 code */
            hs6: string;
            /** @description Balassa's index: share / world_share (above 1: an advantage) */
            rca: number;
            /** @description x_cp / x_c: the product's share of the country's exports */
            share: number;
            /** @description the country's exports of the product (x_cp), in US dollars */
            value_usd: number;
            /** @description x_wp / x_w: the product's share of world exports */
            world_share: number;
            /** @description every exporter's exports of the product (x_wp), in US dollars */
            world_value_usd: number;
        };
        /**
         * ConcordanceRow
         * @description An HS6 code and the code of another edition it corresponds to.
         * @example {
         *       "from_hs6": "851713",
         *       "from_version": 2022,
         *       "to_hs6": "851790",
         *       "to_version": 1992,
         *       "relationship": "n:1"
         *     }
         */
        ConcordanceRow: {
            /** @description a code under the product, in its own edition */
            from_hs6: string;
            /** @description its HS edition */
            from_version: number;
            /**
             * @description the UNSD correlation relationship, seen from from_hs6 (n:1: several codes of its edition map to one)
             * @enum {string}
             */
            relationship: "1:1" | "n:1" | "1:n" | "n:n";
            /** @description a code of the edition asked for that it corresponds to */
            to_hs6: string;
            /** @description the edition asked for */
            to_version: number;
        };
        /**
         * Country
         * @description A country or aggregate with at least one economic series.
         * @example {
         *       "country_id": "DEU",
         *       "name": "Germany",
         *       "slug": "germany",
         *       "iso2": "DE",
         *       "kind": "country",
         *       "groups": [
         *         "g7",
         *         "g20",
         *         "emu",
         *         "eu",
         *         "oecd"
         *       ]
         *     }
         */
        Country: {
            /** @description ISO 3166-1 alpha-3 code of the country, upper case (DEU), or a short upper-case code for an aggregate (EMU) */
            country_id: string;
            /** @description the groups it belongs to, lower-case tokens from g7, g20, emu, eu, oecd, brics */
            groups: string[];
            /** @description ISO 3166-1 alpha-2 code, upper case (DE); null for an aggregate */
            iso2: string | null;
            /**
             * @description country, or aggregate (a group of countries with figures of its own, such as the euro area)
             * @enum {string}
             */
            kind: "country" | "aggregate";
            /** @description the English name */
            name: string;
            /** @description lower-case ASCII words joined by - (united-states) */
            slug: string;
        };
        /**
         * CountryComplexity
         * @description A country's economic complexity in a year.
         * @example {
         *       "country": "JP",
         *       "eci": 2.14,
         *       "coi": 0.87,
         *       "rank": 1,
         *       "diversity": 312,
         *       "exports_usd": 712300000000,
         *       "year": 2023,
         *       "level": "hs4",
         *       "hs_version": 2022
         *     }
         */
        CountryComplexity: {
            /** @description Complexity Outlook Index: a z-score over the kept countries */
            coi: number;
            /** @description ISO2 code */
            country: string;
            /** @description products it exports with RCA ≥ 1 */
            diversity: number;
            /** @description Economic Complexity Index: a z-score over the kept countries */
            eci: number;
            /** @description its exports of the kept products, in US dollars */
            exports_usd: number;
            /** @description the HS edition it was computed in */
            hs_version: number;
            /**
             * @description the product level it was computed at
             * @enum {string}
             */
            level: "hs4" | "hs6";
            /** @description 1-based position by eci */
            rank: number;
            /** @description the year it was computed for */
            year: number;
        };
        /**
         * CountryDetail
         * @description A country (or the EU group), its region and where its figures come from.
         * @example {
         *       "id": "DE",
         *       "iso3": "DEU",
         *       "name": "Germany",
         *       "is_group": false,
         *       "region": "Europe",
         *       "note": "Reporting country: declares its own imports and exports.",
         *       "source_name": "CEPII BACI",
         *       "source_url": "https://www.cepii.fr/CEPII/en/bdd_modele/bdd_modele_item.asp?id=37",
         *       "license_id": "Etalab-2.0",
         *       "attribution_text": "CEPII BACI (Gaulier and Zignago, 2010)"
         *     }
         */
        CountryDetail: {
            /** @description attribution to show with the figures; null if unrecorded */
            attribution_text: string | null;
            /** @description ISO 3166-1 alpha-2 code, upper case (an area without one: a code from XA to XZ), or EU for the European Union group */
            id: string;
            /** @description true for a group (EU), which as a filter expands to its members */
            is_group: boolean;
            /** @description ISO 3166-1 alpha-3 code, upper case; null for the EU group */
            iso3?: string | null;
            /** @description licence of the source (SPDX identifier where one exists); null if unrecorded */
            license_id: string | null;
            /** @description the English name */
            name: string;
            /** @description how its figures are known: a reporting country, a partner only, or a group and its members */
            note?: string | null;
            /** @description a continent or UN region name; null when unknown */
            region?: string | null;
            /** @description the source of the figures, e.g. "CEPII BACI", "UN Comtrade", or generated sample data; null if unrecorded */
            source_name: string | null;
            /** @description where the source publishes them; null if unrecorded */
            source_url: string | null;
        };
        /**
         * CountryRow
         * @description A country (or the EU group) of the trade data.
         * @example {
         *       "id": "DE",
         *       "iso3": "DEU",
         *       "name": "Germany",
         *       "is_group": false
         *     }
         */
        CountryRow: {
            /** @description ISO 3166-1 alpha-2 code, upper case (an area without one: a code from XA to XZ), or EU for the European Union group */
            id: string;
            /** @description true for a group (EU), which as a filter expands to its members */
            is_group: boolean;
            /** @description ISO 3166-1 alpha-3 code, upper case; null for the EU group */
            iso3?: string | null;
            /** @description the English name */
            name: string;
        };
        /**
         * CoverageRow
         * @description The periods a reporting country has data for, and their source.
         * @example {
         *       "country": "DE",
         *       "yearly_first": 2015,
         *       "yearly_last": 2025,
         *       "monthly_first": "2015-01-01",
         *       "monthly_last": "2026-05-01",
         *       "source_name": "CEPII BACI",
         *       "source_url": "https://www.cepii.fr/CEPII/en/bdd_modele/bdd_modele_item.asp?id=37",
         *       "license_id": "Etalab-2.0",
         *       "attribution_text": "CEPII BACI (Gaulier and Zignago, 2010)"
         *     }
         */
        CoverageRow: {
            /** @description attribution to show with the figures; null if unrecorded */
            attribution_text: string | null;
            /** @description the reporting country: ISO 3166-1 alpha-2 code, upper case (an area without one: a code from XA to XZ) */
            country: string;
            /** @description licence of the source (SPDX identifier where one exists); null if unrecorded */
            license_id: string | null;
            /** @description the first month with monthly data, YYYY-MM-01; null if none */
            monthly_first: string | null;
            /** @description the last month with monthly data, YYYY-MM-01; null if none */
            monthly_last: string | null;
            /** @description the source of the figures, e.g. "CEPII BACI", "UN Comtrade", or generated sample data; null if unrecorded */
            source_name: string | null;
            /** @description where the source publishes them; null if unrecorded */
            source_url: string | null;
            /** @description the first year (YYYY) with annual data; null if none */
            yearly_first: number | null;
            /** @description the last year (YYYY) with annual data; null if none */
            yearly_last: number | null;
        };
        /**
         * ErrorBody
         * @description The body of every error answer.
         */
        ErrorBody: {
            /** @description 422 only: one item per failed parameter, path and query */
            detail?: components["schemas"]["ValidationIssue"][];
            /**
             * @description machine code; branch on this, never on `message`
             * @enum {string}
             */
            error: "bad_request" | "invalid_key" | "forbidden" | "quota_exceeded" | "not_found" | "method_not_allowed" | "not_acceptable" | "request_timeout" | "payload_too_large" | "uri_too_long" | "validation_error" | "header_fields_too_large" | "rate_limit_exceeded" | "internal_error" | "not_implemented" | "provider_unavailable" | "provider_timeout";
            /** @description human text; never a stack trace or SQL */
            message: string;
            /**
             * Format: uuid
             * @description the id of this request, also in `x-request-id`
             * @example 0b2c78f6-c02c-48d7-a40e-c241be24eb71
             */
            request_id: string;
        };
        /**
         * GroupedPoint
         * @description Flows summed by one key (period, partner, exporter, importer or hs6); the other keys are null.
         * @example {
         *       "period": "2023-01-01",
         *       "partner": null,
         *       "exporter": null,
         *       "importer": null,
         *       "hs6": null,
         *       "value_usd": 126796508210,
         *       "quantity": 30692019125,
         *       "flow_count": 443
         *     }
         */
        GroupedPoint: {
            /** @description grouping by exporter: the exporting country, ISO 3166-1 alpha-2 code, upper case (an area without one: a code from XA to XZ); otherwise null */
            exporter: string | null;
            /** @description the number of observations aggregated (count) */
            flow_count: number;
            /** @description grouping by product: the 6-digit HS product code, zero-padded; otherwise null */
            hs6: string | null;
            /** @description grouping by importer: the importing country, ISO 3166-1 alpha-2 code, upper case (an area without one: a code from XA to XZ); otherwise null */
            importer: string | null;
            /** @description grouping by partner: the partner country, ISO 3166-1 alpha-2 code, upper case (an area without one: a code from XA to XZ); otherwise null */
            partner: string | null;
            /** @description grouping by period: its first day, YYYY-01-01 for a year, YYYY-MM-01 for a month; otherwise null */
            period: string | null;
            /** @description the sum of the non-null quantities of the flows aggregated, net weight in kg; null when none has one */
            quantity: number | null;
            /** @description the sum of the values of the flows aggregated, in US dollars */
            value_usd: number;
        };
        /**
         * HistoryPoint
         * @description One observation of a series.
         * @example {
         *       "series_id": "DEU.CPI_YOY",
         *       "country_id": "DEU",
         *       "kpi_id": "CPI_YOY",
         *       "date": "2024-01-01",
         *       "value": 2.9,
         *       "frequency": "monthly",
         *       "obs_status": "final",
         *       "last_update": "2026-06-05T08:38:17Z"
         *     }
         */
        HistoryPoint: {
            /** @description ISO 3166-1 alpha-3 code of the country, upper case (DEU), or a short upper-case code for an aggregate (EMU) */
            country_id: string;
            /**
             * Format: date
             * @description the first day of the period, YYYY-MM-DD (Q3 2024 is 2024-07-01, year 2024 is 2024-01-01)
             */
            date: string;
            /** @description the frequency of the points: the requested frequency, else the series' own */
            frequency: string;
            /** @description the indicator id, upper case [A-Z0-9_]+ (CPI_YOY) */
            kpi_id: string;
            /** @description UTC date-time (ISO 8601, Z) at which the series' data last changed in this service; null when unknown */
            last_update: string | null;
            /**
             * @description when the source states it: final, provisional, estimated
             * @enum {string}
             */
            obs_status?: "final" | "provisional" | "estimated";
            /**
             * Format: date
             * @description with as_of: the day the period's own value became known (a transform's too), YYYY-MM-DD
             */
            realtime_start?: string;
            /** @description the series id, <country_id>.<kpi_id> (DEU.CPI_YOY) */
            series_id: string;
            /** @description the observation in the indicator's unit; with transform, the transform's result: yoy, mom, pch, pc1, pca, cch and cca in percent; chg, ch1 and 3mma in the indicator's unit; log_diff and log in natural logs */
            value: number;
        };
        /**
         * Indicator
         * @description An indicator with at least one series.
         * @example {
         *       "kpi_id": "CPI_YOY",
         *       "slug": "cpi-inflation",
         *       "name": "CPI inflation",
         *       "group": "prices",
         *       "unit": "Percent change from a year earlier",
         *       "unit_code": "PCT_YOY",
         *       "frequency": "monthly",
         *       "description": "Consumer price index, change from the same month a year earlier.",
         *       "aliases": [
         *         "inflation",
         *         "cpi"
         *       ]
         *     }
         */
        Indicator: {
            /** @description other names accepted by the indicator filter (inflation, cpi) */
            aliases: string[];
            /** @description what the indicator measures, in a sentence; null if none */
            description: string | null;
            /**
             * @description how often the indicator is observed: daily, monthly, quarterly, annual
             * @enum {string}
             */
            frequency: "daily" | "monthly" | "quarterly" | "annual";
            /**
             * @description the indicator group: gdp, prices, labour, money, government, external
             * @enum {string}
             */
            group: "gdp" | "prices" | "labour" | "money" | "government" | "external";
            /** @description the indicator id, upper case [A-Z0-9_]+ (CPI_YOY) */
            kpi_id: string;
            /** @description the English name */
            name: string;
            /** @description the indicator slug: lower-case ASCII words joined by - (cpi-inflation) */
            slug: string;
            /** @description the unit of the indicator's values, in words (Percent change from a year earlier) */
            unit: string;
            /** @description the unit as a short code (PCT_YOY) */
            unit_code: string;
        };
        /**
         * LatestValue
         * @description The last observation of a series, with the one before it and the extremes of its history.
         * @example {
         *       "series_id": "DEU.CPI_YOY",
         *       "country_id": "DEU",
         *       "country": "Germany",
         *       "kpi_id": "CPI_YOY",
         *       "indicator": "CPI inflation",
         *       "slug": "cpi-inflation",
         *       "group": "prices",
         *       "latest_value": 2.4,
         *       "latest_value_date": "2026-05-01",
         *       "previous_value": 2.1,
         *       "previous_value_date": "2026-04-01",
         *       "highest_value": 8.8,
         *       "highest_value_date": "2022-10-01",
         *       "lowest_value": -0.5,
         *       "lowest_value_date": "2009-07-01",
         *       "unit": "Percent change from a year earlier",
         *       "unit_code": "PCT_YOY",
         *       "frequency": "monthly",
         *       "adjustment": "not seasonally adjusted",
         *       "source_name": "Eurostat",
         *       "source_url": "https://ec.europa.eu/eurostat",
         *       "license_id": "CC-BY-4.0",
         *       "attribution_text": "Source: Eurostat",
         *       "first_value_date": "2000-01-01",
         *       "last_update": "2026-06-05T08:38:17Z"
         *     }
         */
        LatestValue: {
            /** @description the seasonal adjustment of the series in words (not seasonally adjusted); null if not stated */
            adjustment: string | null;
            /** @description the attribution to show with the figures */
            attribution_text: string;
            /** @description the country's English name */
            country: string;
            /** @description ISO 3166-1 alpha-3 code of the country, upper case (DEU), or a short upper-case code for an aggregate (EMU) */
            country_id: string;
            /** @description the date of the first observation of the series, YYYY-MM-DD */
            first_value_date: string | null;
            /** @description the series' own frequency: daily, monthly, quarterly or annual */
            frequency: string;
            /** @description the indicator group: gdp, prices, labour, money, government, external */
            group: string;
            /** @description the highest observation of the whole history, in `unit` */
            highest_value: number | null;
            /** @description its date, YYYY-MM-DD */
            highest_value_date: string | null;
            /** @description the indicator's English name */
            indicator: string;
            /** @description the indicator id, upper case [A-Z0-9_]+ (CPI_YOY) */
            kpi_id: string;
            /** @description UTC date-time (ISO 8601, Z) at which the series' data last changed in this service; null when unknown; with as_of, 00:00 UTC of the latest day on which a value known then became known */
            last_update: string | null;
            /** @description the last observation, raw (no transform), in `unit` */
            latest_value: number;
            /**
             * Format: date
             * @description the date of the last observation, YYYY-MM-DD (a period is dated by its first day)
             */
            latest_value_date: string;
            /** @description the source's licence (SPDX identifier where one exists) */
            license_id: string;
            /** @description the lowest observation of the whole history, in `unit` */
            lowest_value: number | null;
            /** @description its date, YYYY-MM-DD */
            lowest_value_date: string | null;
            /** @description the observation before the last, in `unit`; null when there is only one */
            previous_value: number | null;
            /** @description its date, YYYY-MM-DD; null with it */
            previous_value_date: string | null;
            /**
             * Format: date
             * @description with as_of: the day the latest value became known, YYYY-MM-DD
             */
            realtime_start?: string;
            /** @description the series id, <country_id>.<kpi_id> (DEU.CPI_YOY) */
            series_id: string;
            /** @description the indicator slug: lower-case ASCII words joined by - (cpi-inflation) */
            slug: string;
            /** @description the organisation that publishes the series (Eurostat) */
            source_name: string;
            /** @description the source's web address */
            source_url: string;
            /** @description the unit of the indicator's values, in words (Percent change from a year earlier) */
            unit: string;
            /** @description the unit as a short code (PCT_YOY) */
            unit_code: string;
        };
        /**
         * Markets
         * @description Who exports and who imports a product over the years asked.
         * @example {
         *       "top_exporters": [
         *         {
         *           "period": null,
         *           "partner": null,
         *           "exporter": "SA",
         *           "importer": null,
         *           "hs6": null,
         *           "value_usd": 352358206242,
         *           "quantity": 542791217369,
         *           "flow_count": 16
         *         }
         *       ],
         *       "top_importers": [
         *         {
         *           "period": null,
         *           "partner": null,
         *           "exporter": null,
         *           "importer": "CN",
         *           "hs6": null,
         *           "value_usd": 682312287811,
         *           "quantity": 1182453729364,
         *           "flow_count": 110
         *         }
         *       ]
         *     }
         */
        Markets: {
            /** @description the exporters of the product (exporter set), largest value first */
            top_exporters: components["schemas"]["GroupedPoint"][];
            /** @description the importers of the product (importer set), largest value first */
            top_importers: components["schemas"]["GroupedPoint"][];
        };
        /**
         * MonthlyGroupedPoint
         * @description Monthly flows summed by the group_by key; the other keys are null.
         * @example {
         *       "period": "2024-03-01",
         *       "partner": null,
         *       "exporter": null,
         *       "importer": null,
         *       "hs6": null,
         *       "value_usd": 5849404238,
         *       "quantity": 1241072218,
         *       "flow_count": 285
         *     }
         */
        MonthlyGroupedPoint: {
            /** @description grouping by exporter: the exporting country, ISO 3166-1 alpha-2 code, upper case (an area without one: a code from XA to XZ); otherwise null */
            exporter: string | null;
            /** @description the number of observations aggregated (count) */
            flow_count: number;
            /** @description grouping by product: the 6-digit HS product code, zero-padded; otherwise null */
            hs6: string | null;
            /** @description grouping by importer: the importing country, ISO 3166-1 alpha-2 code, upper case (an area without one: a code from XA to XZ); otherwise null */
            importer: string | null;
            /** @description grouping by partner: the partner country, ISO 3166-1 alpha-2 code, upper case (an area without one: a code from XA to XZ); otherwise null */
            partner: string | null;
            /** @description grouping by period: its first day, YYYY-01-01 for a year, YYYY-MM-01 for a month; otherwise null */
            period: string | null;
            /** @description the sum of the non-null quantities of the flows aggregated, net weight in kg; null when none has one */
            quantity: number | null;
            /** @description the sum of the values of the flows aggregated, in US dollars */
            value_usd: number;
        };
        /**
         * MonthlyObservation
         * @description One monthly flow, from one declaration.
         * @example {
         *       "exporter": "DE",
         *       "importer": "US",
         *       "hs6": "901890",
         *       "hs_version": 2022,
         *       "period": "2024-03-01",
         *       "granularity": "monthly",
         *       "value_usd": 434570769,
         *       "quantity": 2283641,
         *       "quantity_unit": "kg",
         *       "reported_by": "importer"
         *     }
         */
        MonthlyObservation: {
            /** @description the exporting country: ISO 3166-1 alpha-2 code, upper case (an area without one: a code from XA to XZ) */
            exporter: string;
            /** @description annual or monthly */
            granularity: string;
            /** @description the year of the HS edition the code belongs to: the edition the flow was reported in, or the one asked for with hs_version */
            hs_version: number;
            /** @description the 6-digit HS product code, zero-padded */
            hs6: string;
            /** @description the importing country: ISO 3166-1 alpha-2 code, upper case (an area without one: a code from XA to XZ) */
            importer: string;
            /**
             * Format: date
             * @description the first day of the period: YYYY-01-01 for a year, YYYY-MM-01 for a month
             */
            period: string;
            /** @description net weight in kg (the unit quantity_unit names); null when the source gives none */
            quantity: number | null;
            /** @description the unit of quantity: kg (net weight) */
            quantity_unit: string;
            /**
             * @description whose declaration the figures come from: the exporter's (FOB) or the importer's (CIF)
             * @enum {string}
             */
            reported_by: "exporter" | "importer";
            /** @description the value of the flow in US dollars (not thousands) */
            value_usd: number;
        };
        /**
         * Opportunity
         * @description A product a country does not export with RCA ≥ 1, and what exporting it would bring.
         * @example {
         *       "product": "8541",
         *       "density": 0.31,
         *       "cog": 1.18,
         *       "pci": 1.52,
         *       "rca": 0.42,
         *       "value_usd": 210000000,
         *       "year": 2023,
         *       "level": "hs4",
         *       "hs_version": 2022
         *     }
         */
        Opportunity: {
            /** @description complexity outlook gain: what exporting it would add to the country’s outlook */
            cog: number;
            /** @description how close it is to the country's exports with RCA ≥ 1, in [0, 1] */
            density: number;
            /** @description the HS edition it was computed in */
            hs_version: number;
            /**
             * @description the product level it was computed at
             * @enum {string}
             */
            level: "hs4" | "hs6";
            /** @description its Product Complexity Index */
            pci: number;
            /** @description the product: an HS4 or HS6 code (by level), zero-padded */
            product: string;
            /** @description Balassa's index of the country's exports of it (below 1; 0 when none) */
            rca: number;
            /** @description the country's exports of it, in US dollars (0 when none) */
            value_usd: number;
            /** @description the year it was computed for */
            year: number;
        };
        /**
         * PeriodPoint
         * @description The value of one year with data.
         * @example {
         *       "period": "2023",
         *       "value_usd": 261998734250
         *     }
         */
        PeriodPoint: {
            /** @description the year, YYYY */
            period: string;
            /** @description the value of the matching flows of the year, in US dollars */
            value_usd: number;
        };
        /**
         * ProductComplexity
         * @description A product's complexity in a year.
         * @example {
         *       "product": "8486",
         *       "pci": 2.41,
         *       "rank": 1,
         *       "ubiquity": 6,
         *       "world_exports_usd": 98500000000,
         *       "year": 2023,
         *       "level": "hs4",
         *       "hs_version": 2022
         *     }
         */
        ProductComplexity: {
            /** @description the HS edition it was computed in */
            hs_version: number;
            /**
             * @description the product level it was computed at
             * @enum {string}
             */
            level: "hs4" | "hs6";
            /** @description Product Complexity Index, standardised with ECI's mean and deviation */
            pci: number;
            /** @description the product: an HS4 or HS6 code (by level), zero-padded */
            product: string;
            /** @description 1-based position by pci */
            rank: number;
            /** @description countries that export it with RCA ≥ 1 */
            ubiquity: number;
            /** @description the kept countries’ exports of it, in US dollars */
            world_exports_usd: number;
            /** @description the year it was computed for */
            year: number;
        };
        /**
         * ProductDetail
         * @description An HS code of 2, 4 or 6 digits and the HS6 codes under it.
         * @example {
         *       "id": "2709",
         *       "matches": [
         *         {
         *           "hs6": "270900",
         *           "hs_version": 2022,
         *           "name": "Oils; petroleum oils and oils obtained from bituminous minerals, crude",
         *           "chapter": "27",
         *           "heading": "2709"
         *         }
         *       ]
         *     }
         */
        ProductDetail: {
            /** @description the normalised code: digits, no prefix */
            id: string;
            /** @description every HS6 code under it, sorted */
            matches: components["schemas"]["ProductMatch"][];
        };
        /**
         * ProductMatch
         * @description An HS6 code under the requested code.
         * @example {
         *       "hs6": "270900",
         *       "hs_version": 2022,
         *       "name": "Oils; petroleum oils and oils obtained from bituminous minerals, crude",
         *       "chapter": "27",
         *       "heading": "2709"
         *     }
         */
        ProductMatch: {
            /** @description the 2-digit HS chapter */
            chapter: string;
            /** @description the 4-digit HS heading */
            heading: string;
            /** @description the year of the HS edition the code belongs to */
            hs_version: number;
            /** @description the 6-digit HS product code, zero-padded */
            hs6: string;
            /** @description the product's description in the HS nomenclature (English) */
            name: string;
        };
        /**
         * ProductRow
         * @description An HS6 product of the nomenclature.
         * @example {
         *       "hs6": "270900",
         *       "hs_version": 2022,
         *       "name": "Oils; petroleum oils and oils obtained from bituminous minerals, crude"
         *     }
         */
        ProductRow: {
            /** @description the year of the HS edition the code belongs to */
            hs_version: number;
            /** @description the 6-digit HS product code, zero-padded */
            hs6: string;
            /** @description the product's description in the HS nomenclature (English) */
            name: string;
        };
        /**
         * RelatedProduct
         * @description A product and its proximity to the one asked about.
         * @example {
         *       "product": "8542",
         *       "proximity": 0.62,
         *       "year": 2023,
         *       "level": "hs4",
         *       "hs_version": 2022
         *     }
         */
        RelatedProduct: {
            /** @description the HS edition it was computed in */
            hs_version: number;
            /**
             * @description the product level it was computed at
             * @enum {string}
             */
            level: "hs4" | "hs6";
            /** @description the product: an HS4 or HS6 code (by level), zero-padded */
            product: string;
            /** @description the share of countries exporting one with RCA ≥ 1 that export both (the smaller conditional) */
            proximity: number;
            /** @description the year it was computed for */
            year: number;
        };
        /**
         * SearchResult
         * @description A country, indicator or series matching the query.
         * @example {
         *       "type": "series",
         *       "title": "Germany - CPI inflation",
         *       "series_id": "DEU.CPI_YOY",
         *       "country_id": "DEU",
         *       "kpi_id": "CPI_YOY",
         *       "slug": "cpi-inflation",
         *       "latest_value": 2.4,
         *       "latest_value_date": "2026-05-01",
         *       "unit": "Percent change from a year earlier",
         *       "frequency": "monthly"
         *     }
         */
        SearchResult: {
            /** @description ISO 3166-1 alpha-3 code of the country, upper case (DEU), or a short upper-case code for an aggregate (EMU); country and series */
            country_id: string | null;
            /** @description daily, monthly, quarterly or annual; indicator and series */
            frequency: string | null;
            /** @description the indicator id, upper case [A-Z0-9_]+ (CPI_YOY); indicator and series */
            kpi_id: string | null;
            /** @description series only: the last observation, in `unit` */
            latest_value: number | null;
            /** @description series only: its date, YYYY-MM-DD */
            latest_value_date: string | null;
            /** @description the series id, <country_id>.<kpi_id> (DEU.CPI_YOY); series only */
            series_id: string | null;
            /** @description the country's slug for a country, the indicator's for an indicator or a series */
            slug: string | null;
            /** @description the name of the country or indicator; for a series, "<country> - <indicator>" */
            title: string;
            /**
             * @description what was found: a country, an indicator or a series; fields that do not apply are null
             * @enum {string}
             */
            type: "country" | "indicator" | "series";
            /** @description the unit of the indicator's values, in words (Percent change from a year earlier); indicator and series */
            unit: string | null;
        };
        /**
         * TopPartner
         * @description One of the largest partner-side countries by value.
         * @example {
         *       "partner": "FR",
         *       "value_usd": 91123364533,
         *       "share": 0.161
         *     }
         */
        TopPartner: {
            /** @description the partner-side country: ISO 3166-1 alpha-2 code, upper case (an area without one: a code from XA to XZ) */
            partner: string;
            /** @description value_usd / trade_value: the fraction (0 to 1, not percent) of the total this partner has */
            share: number;
            /** @description the value of the matching flows with this partner, in US dollars */
            value_usd: number;
        };
        /**
         * TradeObservation
         * @description One annual flow: what an exporter sold to an importer of one product in one year.
         * @example {
         *       "exporter": "DE",
         *       "importer": "US",
         *       "hs6": "870323",
         *       "hs_version": 2022,
         *       "period": "2023-01-01",
         *       "granularity": "annual",
         *       "value_usd": 12873440512,
         *       "quantity": 412877340,
         *       "quantity_unit": "kg"
         *     }
         */
        TradeObservation: {
            /** @description the exporting country: ISO 3166-1 alpha-2 code, upper case (an area without one: a code from XA to XZ) */
            exporter: string;
            /** @description annual or monthly */
            granularity: string;
            /** @description the year of the HS edition the code belongs to: the edition the flow was reported in, or the one asked for with hs_version */
            hs_version: number;
            /** @description the 6-digit HS product code, zero-padded */
            hs6: string;
            /** @description the importing country: ISO 3166-1 alpha-2 code, upper case (an area without one: a code from XA to XZ) */
            importer: string;
            /**
             * Format: date
             * @description the first day of the period: YYYY-01-01 for a year, YYYY-MM-01 for a month
             */
            period: string;
            /** @description net weight in kg (the unit quantity_unit names); null when the source gives none */
            quantity: number | null;
            /** @description the unit of quantity: kg (net weight) */
            quantity_unit: string;
            /** @description the value of the flow in US dollars (not thousands) */
            value_usd: number;
        };
        /**
         * TradeSummary
         * @description Totals and indicators over the matching annual flows.
         * @example {
         *       "trade_value": 565035325871,
         *       "quantity": 138747036735,
         *       "growth": -13.54,
         *       "unit_value": 3.29,
         *       "top_partners": [
         *         {
         *           "partner": "FR",
         *           "value_usd": 91123364533,
         *           "share": 0.161
         *         },
         *         {
         *           "partner": "NL",
         *           "value_usd": 55670773247,
         *           "share": 0.099
         *         }
         *       ],
         *       "partner_concentration": 0.07,
         *       "periods": [
         *         {
         *           "period": "2022",
         *           "value_usd": 303036591621
         *         },
         *         {
         *           "period": "2023",
         *           "value_usd": 261998734250
         *         }
         *       ]
         *     }
         */
        TradeSummary: {
            /** @description percent change of the last year of periods over the year before it: 100 × (v_last / v_prev − 1); null unless the last two years with data are consecutive */
            growth: number | null;
            /** @description Herfindahl–Hirschman index of the partner shares, Σ share² over every partner-side country, in (0, 1] (1: a single partner); null when nothing matches */
            partner_concentration: number | null;
            /** @description one point per year with data, ascending */
            periods: components["schemas"]["PeriodPoint"][];
            /** @description Σ of the non-null quantities of the matching flows, net weight in kg; null when nothing matches or none has a quantity */
            quantity: number | null;
            /** @description the 10 largest partner-side countries by value, largest first (partner side as for flow; with no reporter and no flow, the importer) */
            top_partners: components["schemas"]["TopPartner"][];
            /** @description Σ value_usd of the matching annual flows, in US dollars; null when nothing matches */
            trade_value: number | null;
            /** @description USD per kg: the value of the flows that have a quantity divided by the sum of their quantities; null when there is no positive quantity */
            unit_value: number | null;
        };
        /**
         * UpdateItem
         * @description A series whose data changed after `since`.
         * @example {
         *       "series_id": "DEU.CPI_YOY",
         *       "country_id": "DEU",
         *       "kpi_id": "CPI_YOY",
         *       "slug": "cpi-inflation",
         *       "last_update": "2026-06-05T08:38:17Z"
         *     }
         */
        UpdateItem: {
            /** @description ISO 3166-1 alpha-3 code of the country, upper case (DEU), or a short upper-case code for an aggregate (EMU) */
            country_id: string;
            /** @description the indicator id, upper case [A-Z0-9_]+ (CPI_YOY) */
            kpi_id: string;
            /**
             * Format: date-time
             * @description UTC date-time (ISO 8601, Z) at which the series' data last changed in this service; after `since`
             */
            last_update: string;
            /** @description the series id, <country_id>.<kpi_id> (DEU.CPI_YOY) */
            series_id: string;
            /** @description the indicator slug: lower-case ASCII words joined by - (cpi-inflation) */
            slug: string;
        };
        /**
         * ValidationIssue
         * @description One failed parameter of a 422 answer.
         */
        ValidationIssue: {
            /**
             * @description ["query" | "path", parameter name]
             * @example [
             *       "query",
             *       "limit"
             *     ]
             */
            loc: string[];
            /**
             * @description what is wrong with the parameter, in words
             * @example must be <= 100
             */
            msg: string;
            /**
             * @description machine type, e.g. missing, int_parsing, less_than_equal, enum, extra_forbidden
             * @example less_than_equal
             */
            type: string;
        };
        /**
         * Vintages
         * @description The days on which the data of one series changed.
         * @example {
         *       "series_id": "USA.GDP_REAL_QOQ",
         *       "vintage_dates": [
         *         "2024-04-30",
         *         "2024-05-30",
         *         "2024-06-29"
         *       ]
         *     }
         */
        Vintages: {
            /** @description the series id, <country_id>.<kpi_id> (DEU.CPI_YOY) */
            series_id: string;
            /** @description the days (YYYY-MM-DD) the data of the series changed, ascending */
            vintage_dates: string[];
        };
    };
    responses: {
        /** @description Malformed request: an undecodable query string, or a single-valued parameter repeated. */
        BadRequest: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": "bad_request",
                 *       "message": "The request is malformed.",
                 *       "request_id": "0b2c78f6-c02c-48d7-a40e-c241be24eb71"
                 *     }
                 */
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description `forbidden`: the gateway secret is configured and the request lacks it; `quota_exceeded`: the key's remaining credits are below the operation's cost. */
        Forbidden: {
            headers: {
                "X-Credits-Remaining": components["headers"]["X-Credits-Remaining"];
                "X-Credits-Reset": components["headers"]["X-Credits-Reset"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description A bug; logged with the request id, which the body carries. */
        InternalError: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": "internal_error",
                 *       "message": "Internal error; quote the request id when reporting it.",
                 *       "request_id": "0b2c78f6-c02c-48d7-a40e-c241be24eb71"
                 *     }
                 */
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description Only GET and HEAD are served; checked before anything else. */
        MethodNotAllowed: {
            headers: {
                Allow: components["headers"]["Allow"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": "method_not_allowed",
                 *       "message": "Method not allowed; use GET or HEAD.",
                 *       "request_id": "0b2c78f6-c02c-48d7-a40e-c241be24eb71"
                 *     }
                 */
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description Unknown path, path parameter, or a filter token (the message names it). */
        NotFound: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": "not_found",
                 *       "message": "Unknown country: \"XYZ\".",
                 *       "request_id": "0b2c78f6-c02c-48d7-a40e-c241be24eb71"
                 *     }
                 */
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description `If-None-Match` matches the current ETag: no body, no credits consumed (counts against the rate limit). */
        NotModified: {
            headers: {
                "Cache-Control": components["headers"]["Cache-Control"];
                ETag: components["headers"]["ETag"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content?: never;
        };
        /** @description The key's sliding window is full: retry after `Retry-After` seconds. */
        RateLimited: {
            headers: {
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                "Retry-After": components["headers"]["Retry-After"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": "rate_limit_exceeded",
                 *       "message": "Rate limit of 600 requests per 60 s exceeded; retry after 12 s.",
                 *       "request_id": "0b2c78f6-c02c-48d7-a40e-c241be24eb71"
                 *     }
                 */
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description The request's work ran past its deadline; its queries were cancelled. */
        Timeout: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": "provider_timeout",
                 *       "message": "The request ran past its time limit; its queries were cancelled.",
                 *       "request_id": "0b2c78f6-c02c-48d7-a40e-c241be24eb71"
                 *     }
                 */
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description `Authorization: Bearer <key>` is missing, malformed, given twice, or names an unknown or revoked key. The message says where keys come from: the dashboard at `/dashboard` where the service runs one, else its operator. */
        Unauthorized: {
            headers: {
                "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": "invalid_key",
                 *       "message": "The API key is missing, invalid or revoked. Send it as Authorization: Bearer <key>; keys are issued by this service's operator (npm run keys).",
                 *       "request_id": "0b2c78f6-c02c-48d7-a40e-c241be24eb71"
                 *     }
                 */
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description A dependency is unavailable or the data store is saturated; `Retry-After` when a retry soon may succeed. */
        Unavailable: {
            headers: {
                "Retry-After": components["headers"]["Retry-After"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": "provider_unavailable",
                 *       "message": "A dependency of the service is unavailable; retry later.",
                 *       "request_id": "0b2c78f6-c02c-48d7-a40e-c241be24eb71"
                 *     }
                 */
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description A parameter failed its schema (or is unknown): `detail` lists every failed parameter, path and query together. */
        ValidationError: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": "validation_error",
                 *       "message": "Invalid parameter: limit.",
                 *       "request_id": "0b2c78f6-c02c-48d7-a40e-c241be24eb71",
                 *       "detail": [
                 *         {
                 *           "loc": [
                 *             "query",
                 *             "limit"
                 *           ],
                 *           "msg": "must be <= 100",
                 *           "type": "less_than_equal"
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
    };
    parameters: {
        /**
         * @description The ETag of a copy the client holds: 304 without a body (and without a charge) while it is current.
         * @example W/"20260605T083817000Z-50f39b.Bkl5nW0Ypa21SaeFjjcYzh"
         */
        IfNoneMatch: string;
    };
    requestBodies: never;
    headers: {
        /**
         * @description The methods the path answers.
         * @example GET, HEAD
         */
        Allow: "GET, HEAD";
        /**
         * @description How long the answer may be reused: `private, max-age=<CACHE_MAX_AGE_S>`.
         * @example private, max-age=60
         */
        "Cache-Control": string;
        /**
         * @description Extracts: an attachment and its file name.
         * @example attachment; filename="trade-2023-2023.parquet"
         */
        "Content-Disposition": string;
        /**
         * @description Weak validator of the answer; it changes exactly when the data it represents can change (a new snapshot). Send it back in `If-None-Match` to get 304 when nothing changed.
         * @example W/"20260605T083817000Z-50f39b.Bkl5nW0Ypa21SaeFjjcYzh"
         */
        ETag: string;
        /**
         * @description Requests remaining in the window (r) and seconds until it frees one (t), as a structured field.
         * @example "window";r=599;t=60
         */
        RateLimit: string;
        /**
         * @description Requests allowed per window (earlier drafts).
         * @example 600
         */
        "RateLimit-Limit": number;
        /**
         * @description The key's sliding window (IETF draft-ietf-httpapi-ratelimit-headers): q requests per w seconds.
         * @example "window";q=600;w=60
         */
        "RateLimit-Policy": string;
        /**
         * @description Requests remaining in the window (earlier drafts).
         * @example 599
         */
        "RateLimit-Remaining": number;
        /**
         * @description Seconds until the window frees a request (earlier drafts).
         * @example 60
         */
        "RateLimit-Reset": number;
        /**
         * @description Seconds to wait before retrying (an integer of at least 1).
         * @example 12
         */
        "Retry-After": number;
        /**
         * @description Request headers that select the representation: `Accept-Encoding`, and `Accept` where CSV is offered.
         * @example Accept, Accept-Encoding
         */
        Vary: string;
        /**
         * @description The Bearer challenge (RFC 6750), with `error="invalid_token"` when a credential was sent.
         * @example Bearer realm="api", error="invalid_token"
         */
        "WWW-Authenticate": string;
        /**
         * @description Credits left in this month's quota; keys with a quota only.
         * @example 9998
         */
        "X-Credits-Remaining": number;
        /**
         * @description When the quota renews (UTC date-time); keys with a quota only.
         * @example 2026-07-01T00:00:00Z
         */
        "X-Credits-Reset": string;
        /**
         * @description CSV answers of trade operations: the `duration_ms` of the envelope.
         * @example 12
         */
        "X-Duration-Ms": number;
        /**
         * @description Operations taking `hs_version`: the matching flows left out of the answer (reported in an earlier edition than asked, or under a code without a conversion); 0 when none.
         * @example 0
         */
        "X-HS-Excluded-Flows": number;
        /**
         * @description CSV answers of paged operations: the `next_cursor` of the page; absent on the last page.
         * @example WzEsIkRFVS5DUElfWU9ZIiwiMjAyNC0wMS0wMSJdCmtIcFhB
         */
        "X-Next-Cursor": string;
        /**
         * @description A fresh UUID v4 per request; the same value as the body field `request_id`. Quote it when reporting a problem.
         * @example 0b2c78f6-c02c-48d7-a40e-c241be24eb71
         */
        "X-Request-Id": string;
        /**
         * @description Extracts: the rows of the file, counted before its first byte.
         * @example 14997
         */
        "X-Rows": number;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    listCountries: {
        parameters: {
            query?: {
                /**
                 * @description Answer as `json` (the default) or `csv`; `Accept: text/csv` also selects CSV when `format` is absent.
                 * @example csv
                 */
                format?: "json" | "csv";
            };
            header?: {
                /**
                 * @description The ETag of a copy the client holds: 304 without a body (and without a charge) while it is current.
                 * @example W/"20260605T083817000Z-50f39b.Bkl5nW0Ypa21SaeFjjcYzh"
                 */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every country and aggregate with at least one series, sorted by country_id. */
            200: {
                headers: {
                    "Cache-Control": components["headers"]["Cache-Control"];
                    ETag: components["headers"]["ETag"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    Vary: components["headers"]["Vary"];
                    "X-Credits-Remaining": components["headers"]["X-Credits-Remaining"];
                    "X-Credits-Reset": components["headers"]["X-Credits-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "country_id": "DEU",
                     *           "name": "Germany",
                     *           "slug": "germany",
                     *           "iso2": "DE",
                     *           "kind": "country",
                     *           "groups": [
                     *             "g7",
                     *             "g20",
                     *             "emu",
                     *             "eu",
                     *             "oecd"
                     *           ]
                     *         }
                     *       ],
                     *       "request_id": "0b2c78f6-c02c-48d7-a40e-c241be24eb71"
                     *     }
                     */
                    "application/json": {
                        /** @description every country and aggregate with a series, by country_id */
                        data: components["schemas"]["Country"][];
                        /**
                         * Format: uuid
                         * @description the id of this request, also in `x-request-id`
                         * @example 0b2c78f6-c02c-48d7-a40e-c241be24eb71
                         */
                        request_id: string;
                    };
                    /**
                     * @example country_id,name,slug,iso2,kind,groups
                     *     DEU,Germany,germany,DE,country,g7;g20;emu;eu;oecd
                     */
                    "text/csv": string;
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            422: components["responses"]["ValidationError"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
            504: components["responses"]["Timeout"];
        };
    };
    getHistory: {
        parameters: {
            query?: {
                /**
                 * @description with frequency: avg (the mean, by default), sum, or eop (the last observation of the period)
                 * @example sum
                 */
                aggregation?: "avg" | "sum" | "eop";
                /**
                 * @description a day written YYYY-MM-DD: the observations as they were known at its end (UTC), each point with realtime_start, the day its value became known; a value not yet published then is absent
                 * @example 2024-06-30
                 */
                as_of?: string;
                /**
                 * @description ISO3, ISO2, slug or group token (g7, g20, emu, eu, oecd, brics); comma-separated list
                 * @example DEU,FRA
                 */
                country?: string;
                /**
                 * @description next_cursor of the previous page, with the same other parameters
                 * @example WzEsIkRFVS5DUElfWU9ZIiwiMjAyNC0wMS0wMSJdCmtIcFhB
                 */
                cursor?: string;
                /**
                 * @description Answer as `json` (the default) or `csv`; `Accept: text/csv` also selects CSV when `format` is absent.
                 * @example csv
                 */
                format?: "json" | "csv";
                /**
                 * @description answer at this frequency, lower than every matching series' own (a 422 names a series that is not): each period from its sub-periods, only when all are there (3 months a quarter, 12 a year, 4 quarters a year; from daily data, any day), dated by its first day; the transform applies after
                 * @example annual
                 */
                frequency?: "monthly" | "quarterly" | "annual";
                /**
                 * @description the first date, written YYYY or YYYY-MM-DD (inclusive)
                 * @example 2020
                 */
                from?: string;
                /**
                 * @description kpi_id, slug or alias; comma-separated list
                 * @example CPI_YOY
                 */
                indicator?: string;
                /**
                 * @description the last date, written YYYY or YYYY-MM-DD (inclusive)
                 * @example 2024-06-30
                 */
                to?: string;
                /**
                 * @description computed on the whole series before from/to apply: none, yoy, mom, log_diff, 3mma (3-period mean), or FRED's units: chg (change), ch1 (change from a year ago), pch (percent change), pc1 (percent change from a year ago), pca (compounded annual rate of change), cch (continuously compounded rate of change), cca (continuously compounded annual rate of change), log (natural log)
                 * @example yoy
                 */
                transform?: "none" | "yoy" | "mom" | "log_diff" | "3mma" | "chg" | "ch1" | "pch" | "pc1" | "pca" | "cch" | "cca" | "log";
            };
            header?: {
                /**
                 * @description The ETag of a copy the client holds: 304 without a body (and without a charge) while it is current.
                 * @example W/"20260605T083817000Z-50f39b.Bkl5nW0Ypa21SaeFjjcYzh"
                 */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of at most 1000 points, sorted by series_id then date; next_cursor is null on the last page. */
            200: {
                headers: {
                    "Cache-Control": components["headers"]["Cache-Control"];
                    ETag: components["headers"]["ETag"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    Vary: components["headers"]["Vary"];
                    "X-Credits-Remaining": components["headers"]["X-Credits-Remaining"];
                    "X-Credits-Reset": components["headers"]["X-Credits-Reset"];
                    "X-Next-Cursor": components["headers"]["X-Next-Cursor"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "series_id": "DEU.CPI_YOY",
                     *           "country_id": "DEU",
                     *           "kpi_id": "CPI_YOY",
                     *           "date": "2024-01-01",
                     *           "value": 2.9,
                     *           "frequency": "monthly",
                     *           "obs_status": "final",
                     *           "last_update": "2026-06-05T08:38:17Z"
                     *         }
                     *       ],
                     *       "next_cursor": "WzEsIkRFVS5DUElfWU9ZIiwiMjAyNC0wMS0wMSJdCmtIcFhB",
                     *       "request_id": "0b2c78f6-c02c-48d7-a40e-c241be24eb71"
                     *     }
                     */
                    "application/json": {
                        /** @description the points of this page, by series_id then date */
                        data: components["schemas"]["HistoryPoint"][];
                        /**
                         * @description pass as `cursor` for the next page; null on the last page
                         * @example WzEsIkRFVS5DUElfWU9ZIiwiMjAyNC0wMS0wMSJdCmtIcFhB
                         */
                        next_cursor: string | null;
                        /**
                         * Format: uuid
                         * @description the id of this request, also in `x-request-id`
                         * @example 0b2c78f6-c02c-48d7-a40e-c241be24eb71
                         */
                        request_id: string;
                    };
                    /**
                     * @example series_id,country_id,kpi_id,date,value,frequency,obs_status,last_update
                     *     DEU.CPI_YOY,DEU,CPI_YOY,2024-01-01,2.9,monthly,final,2026-06-05T08:38:17Z
                     */
                    "text/csv": string;
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            422: components["responses"]["ValidationError"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
            504: components["responses"]["Timeout"];
        };
    };
    listIndicators: {
        parameters: {
            query?: {
                /**
                 * @description Answer as `json` (the default) or `csv`; `Accept: text/csv` also selects CSV when `format` is absent.
                 * @example csv
                 */
                format?: "json" | "csv";
            };
            header?: {
                /**
                 * @description The ETag of a copy the client holds: 304 without a body (and without a charge) while it is current.
                 * @example W/"20260605T083817000Z-50f39b.Bkl5nW0Ypa21SaeFjjcYzh"
                 */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every indicator with at least one series, sorted by kpi_id. */
            200: {
                headers: {
                    "Cache-Control": components["headers"]["Cache-Control"];
                    ETag: components["headers"]["ETag"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    Vary: components["headers"]["Vary"];
                    "X-Credits-Remaining": components["headers"]["X-Credits-Remaining"];
                    "X-Credits-Reset": components["headers"]["X-Credits-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "kpi_id": "CPI_YOY",
                     *           "slug": "cpi-inflation",
                     *           "name": "CPI inflation",
                     *           "group": "prices",
                     *           "unit": "Percent change from a year earlier",
                     *           "unit_code": "PCT_YOY",
                     *           "frequency": "monthly",
                     *           "description": "Consumer price index, change from the same month a year earlier.",
                     *           "aliases": [
                     *             "inflation",
                     *             "cpi"
                     *           ]
                     *         }
                     *       ],
                     *       "request_id": "0b2c78f6-c02c-48d7-a40e-c241be24eb71"
                     *     }
                     */
                    "application/json": {
                        /** @description every indicator with a series, by kpi_id */
                        data: components["schemas"]["Indicator"][];
                        /**
                         * Format: uuid
                         * @description the id of this request, also in `x-request-id`
                         * @example 0b2c78f6-c02c-48d7-a40e-c241be24eb71
                         */
                        request_id: string;
                    };
                    /**
                     * @example kpi_id,slug,name,group,unit,unit_code,frequency,description,aliases
                     *     CPI_YOY,cpi-inflation,CPI inflation,prices,Percent change from a year earlier,PCT_YOY,monthly,"Consumer price index, change from the same month a year earlier.",inflation;cpi
                     */
                    "text/csv": string;
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            422: components["responses"]["ValidationError"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
            504: components["responses"]["Timeout"];
        };
    };
    getLatest: {
        parameters: {
            query?: {
                /**
                 * @description a day written YYYY-MM-DD: the observations as they were known at its end (UTC), each point with realtime_start, the day its value became known; a value not yet published then is absent
                 * @example 2024-06-30
                 */
                as_of?: string;
                /**
                 * @description ISO3, ISO2, slug or group token (g7, g20, emu, eu, oecd, brics); comma-separated list
                 * @example DEU,FRA
                 */
                country?: string;
                /**
                 * @description Answer as `json` (the default) or `csv`; `Accept: text/csv` also selects CSV when `format` is absent.
                 * @example csv
                 */
                format?: "json" | "csv";
                /**
                 * @description indicator group: gdp, prices, labour, money, government, external
                 * @example prices
                 */
                group?: string;
                /**
                 * @description kpi_id, slug or alias; comma-separated list
                 * @example CPI_YOY
                 */
                indicator?: string;
            };
            header?: {
                /**
                 * @description The ETag of a copy the client holds: 304 without a body (and without a charge) while it is current.
                 * @example W/"20260605T083817000Z-50f39b.Bkl5nW0Ypa21SaeFjjcYzh"
                 */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One row per matching series (country and indicator), sorted by country_id then kpi_id. */
            200: {
                headers: {
                    "Cache-Control": components["headers"]["Cache-Control"];
                    ETag: components["headers"]["ETag"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    Vary: components["headers"]["Vary"];
                    "X-Credits-Remaining": components["headers"]["X-Credits-Remaining"];
                    "X-Credits-Reset": components["headers"]["X-Credits-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "series_id": "DEU.CPI_YOY",
                     *           "country_id": "DEU",
                     *           "country": "Germany",
                     *           "kpi_id": "CPI_YOY",
                     *           "indicator": "CPI inflation",
                     *           "slug": "cpi-inflation",
                     *           "group": "prices",
                     *           "latest_value": 2.4,
                     *           "latest_value_date": "2026-05-01",
                     *           "previous_value": 2.1,
                     *           "previous_value_date": "2026-04-01",
                     *           "highest_value": 8.8,
                     *           "highest_value_date": "2022-10-01",
                     *           "lowest_value": -0.5,
                     *           "lowest_value_date": "2009-07-01",
                     *           "unit": "Percent change from a year earlier",
                     *           "unit_code": "PCT_YOY",
                     *           "frequency": "monthly",
                     *           "adjustment": "not seasonally adjusted",
                     *           "source_name": "Eurostat",
                     *           "source_url": "https://ec.europa.eu/eurostat",
                     *           "license_id": "CC-BY-4.0",
                     *           "attribution_text": "Source: Eurostat",
                     *           "first_value_date": "2000-01-01",
                     *           "last_update": "2026-06-05T08:38:17Z"
                     *         }
                     *       ],
                     *       "request_id": "0b2c78f6-c02c-48d7-a40e-c241be24eb71"
                     *     }
                     */
                    "application/json": {
                        /** @description one row per matching series, by country_id then kpi_id */
                        data: components["schemas"]["LatestValue"][];
                        /**
                         * Format: uuid
                         * @description the id of this request, also in `x-request-id`
                         * @example 0b2c78f6-c02c-48d7-a40e-c241be24eb71
                         */
                        request_id: string;
                    };
                    /**
                     * @example series_id,country_id,country,kpi_id,indicator,slug,group,latest_value,latest_value_date,previous_value,previous_value_date,highest_value,highest_value_date,lowest_value,lowest_value_date,unit,unit_code,frequency,adjustment,source_name,source_url,license_id,attribution_text,first_value_date,last_update
                     *     DEU.CPI_YOY,DEU,Germany,CPI_YOY,CPI inflation,cpi-inflation,prices,2.4,2026-05-01,2.1,2026-04-01,8.8,2022-10-01,-0.5,2009-07-01,Percent change from a year earlier,PCT_YOY,monthly,not seasonally adjusted,Eurostat,https://ec.europa.eu/eurostat,CC-BY-4.0,Source: Eurostat,2000-01-01,2026-06-05T08:38:17Z
                     */
                    "text/csv": string;
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            422: components["responses"]["ValidationError"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
            504: components["responses"]["Timeout"];
        };
    };
    search: {
        parameters: {
            query: {
                /**
                 * @description Answer as `json` (the default) or `csv`; `Accept: text/csv` also selects CSV when `format` is absent.
                 * @example csv
                 */
                format?: "json" | "csv";
                /**
                 * @description results to return
                 * @example 10
                 */
                limit?: number;
                /**
                 * @description free text, 1 to 200 characters after trimming
                 * @example germany inflation
                 */
                q: string;
            };
            header?: {
                /**
                 * @description The ETag of a copy the client holds: 304 without a body (and without a charge) while it is current.
                 * @example W/"20260605T083817000Z-50f39b.Bkl5nW0Ypa21SaeFjjcYzh"
                 */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Countries, indicators and series matching q, best match first. */
            200: {
                headers: {
                    "Cache-Control": components["headers"]["Cache-Control"];
                    ETag: components["headers"]["ETag"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    Vary: components["headers"]["Vary"];
                    "X-Credits-Remaining": components["headers"]["X-Credits-Remaining"];
                    "X-Credits-Reset": components["headers"]["X-Credits-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "type": "series",
                     *           "title": "Germany - CPI inflation",
                     *           "series_id": "DEU.CPI_YOY",
                     *           "country_id": "DEU",
                     *           "kpi_id": "CPI_YOY",
                     *           "slug": "cpi-inflation",
                     *           "latest_value": 2.4,
                     *           "latest_value_date": "2026-05-01",
                     *           "unit": "Percent change from a year earlier",
                     *           "frequency": "monthly"
                     *         }
                     *       ],
                     *       "request_id": "0b2c78f6-c02c-48d7-a40e-c241be24eb71"
                     *     }
                     */
                    "application/json": {
                        /** @description the matches, best first */
                        data: components["schemas"]["SearchResult"][];
                        /**
                         * Format: uuid
                         * @description the id of this request, also in `x-request-id`
                         * @example 0b2c78f6-c02c-48d7-a40e-c241be24eb71
                         */
                        request_id: string;
                    };
                    /**
                     * @example type,title,series_id,country_id,kpi_id,slug,latest_value,latest_value_date,unit,frequency
                     *     series,Germany - CPI inflation,DEU.CPI_YOY,DEU,CPI_YOY,cpi-inflation,2.4,2026-05-01,Percent change from a year earlier,monthly
                     */
                    "text/csv": string;
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            422: components["responses"]["ValidationError"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
            504: components["responses"]["Timeout"];
        };
    };
    listTrade: {
        parameters: {
            query?: {
                /**
                 * @description next_cursor of the previous page, with the same other parameters (limit may change)
                 * @example WzEsIkRFVS5DUElfWU9ZIiwiMjAyNC0wMS0wMSJdCmtIcFhB
                 */
                cursor?: string;
                /**
                 * @description from the reporter's side: export (reporter exports) or import (reporter imports); both when absent
                 * @example export
                 */
                flow?: "export" | "import";
                /**
                 * @description Answer as `json` (the default) or `csv`; `Accept: text/csv` also selects CSV when `format` is absent.
                 * @example csv
                 */
                format?: "json" | "csv";
                /**
                 * @description the first year, written YYYY (inclusive)
                 * @example 2020
                 */
                from?: string;
                /**
                 * @description answer in this HS edition (one whose conversion table is loaded): flows of later editions converted with the UNSD table, flows of earlier ones left out and counted in x-hs-excluded-flows; as reported when absent
                 * @example 1992
                 */
                hs_version?: number;
                /**
                 * @description rows per page
                 * @example 10
                 */
                limit?: number;
                /**
                 * @description partner country: ISO2 or ISO3 codes (any case) or EU, comma-separated
                 * @example US,CN
                 */
                partner?: string;
                /**
                 * @description HS codes of 2, 4 or 6 digits, optionally prefixed hs:, comma-separated
                 * @example 2709,8703
                 */
                product?: string;
                /**
                 * @description reporting country: ISO2 or ISO3 codes (any case) or EU, comma-separated
                 * @example DE
                 */
                reporter?: string;
                /**
                 * @description the last year, written YYYY (inclusive)
                 * @example 2023
                 */
                to?: string;
            };
            header?: {
                /**
                 * @description The ETag of a copy the client holds: 304 without a body (and without a charge) while it is current.
                 * @example W/"20260605T083817000Z-50f39b.Bkl5nW0Ypa21SaeFjjcYzh"
                 */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of annual observations, sorted by period, then value_usd descending; next_cursor is null on the last page. */
            200: {
                headers: {
                    "Cache-Control": components["headers"]["Cache-Control"];
                    ETag: components["headers"]["ETag"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    Vary: components["headers"]["Vary"];
                    "X-Credits-Remaining": components["headers"]["X-Credits-Remaining"];
                    "X-Credits-Reset": components["headers"]["X-Credits-Reset"];
                    "X-Duration-Ms": components["headers"]["X-Duration-Ms"];
                    "X-HS-Excluded-Flows": components["headers"]["X-HS-Excluded-Flows"];
                    "X-Next-Cursor": components["headers"]["X-Next-Cursor"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "exporter": "DE",
                     *           "importer": "US",
                     *           "hs6": "870323",
                     *           "hs_version": 2022,
                     *           "period": "2023-01-01",
                     *           "granularity": "annual",
                     *           "value_usd": 12873440512,
                     *           "quantity": 412877340,
                     *           "quantity_unit": "kg"
                     *         }
                     *       ],
                     *       "next_cursor": "WzEsIkRFVS5DUElfWU9ZIiwiMjAyNC0wMS0wMSJdCmtIcFhB",
                     *       "request_id": "0b2c78f6-c02c-48d7-a40e-c241be24eb71",
                     *       "duration_ms": 12
                     *     }
                     */
                    "application/json": {
                        /** @description the flows of this page, by period, then value_usd descending */
                        data: components["schemas"]["TradeObservation"][];
                        /**
                         * @description time the service took, in milliseconds
                         * @example 12
                         */
                        duration_ms: number;
                        /**
                         * @description pass as `cursor` for the next page; null on the last page
                         * @example WzEsIkRFVS5DUElfWU9ZIiwiMjAyNC0wMS0wMSJdCmtIcFhB
                         */
                        next_cursor: string | null;
                        /**
                         * Format: uuid
                         * @description the id of this request, also in `x-request-id`
                         * @example 0b2c78f6-c02c-48d7-a40e-c241be24eb71
                         */
                        request_id: string;
                    };
                    /**
                     * @example exporter,importer,hs6,hs_version,period,granularity,value_usd,quantity,quantity_unit
                     *     DE,US,870323,2022,2023-01-01,annual,12873440512,412877340,kg
                     */
                    "text/csv": string;
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            422: components["responses"]["ValidationError"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
            504: components["responses"]["Timeout"];
        };
    };
    downloadTrade: {
        parameters: {
            query?: {
                /**
                 * @description from the reporter's side: export (reporter exports) or import (reporter imports); both when absent
                 * @example export
                 */
                flow?: "export" | "import";
                /**
                 * @description parquet (application/vnd.apache.parquet) or csv (text/csv, a header row)
                 * @example parquet
                 */
                format?: "parquet" | "csv";
                /**
                 * @description the first year, written YYYY (inclusive)
                 * @example 2020
                 */
                from?: string;
                /**
                 * @description answer in this HS edition (one whose conversion table is loaded): flows of later editions converted with the UNSD table, flows of earlier ones left out and counted in x-hs-excluded-flows; as reported when absent
                 * @example 1992
                 */
                hs_version?: number;
                /**
                 * @description partner country: ISO2 or ISO3 codes (any case) or EU, comma-separated
                 * @example US,CN
                 */
                partner?: string;
                /**
                 * @description HS codes of 2, 4 or 6 digits, optionally prefixed hs:, comma-separated
                 * @example 2709,8703
                 */
                product?: string;
                /**
                 * @description reporting country: ISO2 or ISO3 codes (any case) or EU, comma-separated
                 * @example DE
                 */
                reporter?: string;
                /**
                 * @description the last year, written YYYY (inclusive)
                 * @example 2023
                 */
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The rows of /v1/trade for the filters, in its order and with its fields, as an attachment: Parquet (typed columns: strings, INTEGER hs_version, DOUBLE values) or CSV; X-Rows gives their number. */
            200: {
                headers: {
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "Content-Disposition": components["headers"]["Content-Disposition"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Credits-Remaining": components["headers"]["X-Credits-Remaining"];
                    "X-Credits-Reset": components["headers"]["X-Credits-Reset"];
                    "X-HS-Excluded-Flows": components["headers"]["X-HS-Excluded-Flows"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Rows": components["headers"]["X-Rows"];
                    [name: string]: unknown;
                };
                content: {
                    /** @example PAR1 … PAR1 (row groups of up to 100 000 rows, then the footer) */
                    "application/vnd.apache.parquet": string;
                    /**
                     * @example exporter,importer,hs6,hs_version,period,granularity,value_usd,quantity,quantity_unit
                     *     DE,US,870323,2022,2023-01-01,annual,12873440512,412877340,kg
                     */
                    "text/csv": string;
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            422: components["responses"]["ValidationError"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
            504: components["responses"]["Timeout"];
        };
    };
    listCountryComplexity: {
        parameters: {
            query?: {
                /**
                 * @description Answer as `json` (the default) or `csv`; `Accept: text/csv` also selects CSV when `format` is absent.
                 * @example csv
                 */
                format?: "json" | "csv";
                /**
                 * @description the HS edition it is computed in (default: the one every flow of the year was reported in; with several, the earliest with a loaded conversion table): flows of later editions are converted into it
                 * @example 2022
                 */
                hs_version?: number;
                /**
                 * @description products as HS6 flows summed to their 4-digit heading (hs4), or as HS6 codes (hs6)
                 * @example hs4
                 */
                level?: "hs4" | "hs6";
                /**
                 * @description rows to return (default: all of them)
                 * @example 50
                 */
                limit?: number;
                /**
                 * @description USD: leave out countries whose exports of every product in the year add up to less
                 * @example 1000000000
                 */
                min_country_exports?: number;
                /**
                 * @description USD: leave out products whose exports by every exporter in the year add up to less
                 * @example 500000000
                 */
                min_product_trade?: number;
                /**
                 * @description the year, written YYYY (default: the latest year with data)
                 * @example 2023
                 */
                year?: string;
            };
            header?: {
                /**
                 * @description The ETag of a copy the client holds: 304 without a body (and without a charge) while it is current.
                 * @example W/"20260605T083817000Z-50f39b.Bkl5nW0Ypa21SaeFjjcYzh"
                 */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One row per kept country, by eci descending (ties by country): ECI and COI as the Growth Lab computes them, over one year's exports in one HS edition, with every filter a parameter. */
            200: {
                headers: {
                    "Cache-Control": components["headers"]["Cache-Control"];
                    ETag: components["headers"]["ETag"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    Vary: components["headers"]["Vary"];
                    "X-Credits-Remaining": components["headers"]["X-Credits-Remaining"];
                    "X-Credits-Reset": components["headers"]["X-Credits-Reset"];
                    "X-Duration-Ms": components["headers"]["X-Duration-Ms"];
                    "X-HS-Excluded-Flows": components["headers"]["X-HS-Excluded-Flows"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "country": "JP",
                     *           "eci": 2.14,
                     *           "coi": 0.87,
                     *           "rank": 1,
                     *           "diversity": 312,
                     *           "exports_usd": 712300000000,
                     *           "year": 2023,
                     *           "level": "hs4",
                     *           "hs_version": 2022
                     *         }
                     *       ],
                     *       "request_id": "0b2c78f6-c02c-48d7-a40e-c241be24eb71",
                     *       "duration_ms": 12
                     *     }
                     */
                    "application/json": {
                        /** @description countries by eci descending */
                        data: components["schemas"]["CountryComplexity"][];
                        /**
                         * @description time the service took, in milliseconds
                         * @example 12
                         */
                        duration_ms: number;
                        /**
                         * Format: uuid
                         * @description the id of this request, also in `x-request-id`
                         * @example 0b2c78f6-c02c-48d7-a40e-c241be24eb71
                         */
                        request_id: string;
                    };
                    /**
                     * @example country,eci,coi,rank,diversity,exports_usd,year,level,hs_version
                     *     JP,2.14,0.87,1,312,712300000000,2023,hs4,2022
                     */
                    "text/csv": string;
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            422: components["responses"]["ValidationError"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
            504: components["responses"]["Timeout"];
        };
    };
    listProductComplexity: {
        parameters: {
            query?: {
                /**
                 * @description Answer as `json` (the default) or `csv`; `Accept: text/csv` also selects CSV when `format` is absent.
                 * @example csv
                 */
                format?: "json" | "csv";
                /**
                 * @description the HS edition it is computed in (default: the one every flow of the year was reported in; with several, the earliest with a loaded conversion table): flows of later editions are converted into it
                 * @example 2022
                 */
                hs_version?: number;
                /**
                 * @description products as HS6 flows summed to their 4-digit heading (hs4), or as HS6 codes (hs6)
                 * @example hs4
                 */
                level?: "hs4" | "hs6";
                /**
                 * @description rows to return (default: all of them)
                 * @example 50
                 */
                limit?: number;
                /**
                 * @description USD: leave out countries whose exports of every product in the year add up to less
                 * @example 1000000000
                 */
                min_country_exports?: number;
                /**
                 * @description USD: leave out products whose exports by every exporter in the year add up to less
                 * @example 500000000
                 */
                min_product_trade?: number;
                /**
                 * @description the year, written YYYY (default: the latest year with data)
                 * @example 2023
                 */
                year?: string;
            };
            header?: {
                /**
                 * @description The ETag of a copy the client holds: 304 without a body (and without a charge) while it is current.
                 * @example W/"20260605T083817000Z-50f39b.Bkl5nW0Ypa21SaeFjjcYzh"
                 */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One row per kept product, by pci descending (ties by product): PCI standardised with the mean and deviation of ECI, over one year's exports in one HS edition. */
            200: {
                headers: {
                    "Cache-Control": components["headers"]["Cache-Control"];
                    ETag: components["headers"]["ETag"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    Vary: components["headers"]["Vary"];
                    "X-Credits-Remaining": components["headers"]["X-Credits-Remaining"];
                    "X-Credits-Reset": components["headers"]["X-Credits-Reset"];
                    "X-Duration-Ms": components["headers"]["X-Duration-Ms"];
                    "X-HS-Excluded-Flows": components["headers"]["X-HS-Excluded-Flows"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "product": "8486",
                     *           "pci": 2.41,
                     *           "rank": 1,
                     *           "ubiquity": 6,
                     *           "world_exports_usd": 98500000000,
                     *           "year": 2023,
                     *           "level": "hs4",
                     *           "hs_version": 2022
                     *         }
                     *       ],
                     *       "request_id": "0b2c78f6-c02c-48d7-a40e-c241be24eb71",
                     *       "duration_ms": 12
                     *     }
                     */
                    "application/json": {
                        /** @description products by pci descending */
                        data: components["schemas"]["ProductComplexity"][];
                        /**
                         * @description time the service took, in milliseconds
                         * @example 12
                         */
                        duration_ms: number;
                        /**
                         * Format: uuid
                         * @description the id of this request, also in `x-request-id`
                         * @example 0b2c78f6-c02c-48d7-a40e-c241be24eb71
                         */
                        request_id: string;
                    };
                    /**
                     * @example product,pci,rank,ubiquity,world_exports_usd,year,level,hs_version
                     *     8486,2.41,1,6,98500000000,2023,hs4,2022
                     */
                    "text/csv": string;
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            422: components["responses"]["ValidationError"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
            504: components["responses"]["Timeout"];
        };
    };
    searchTradeCountries: {
        parameters: {
            query: {
                /**
                 * @description Answer as `json` (the default) or `csv`; `Accept: text/csv` also selects CSV when `format` is absent.
                 * @example csv
                 */
                format?: "json" | "csv";
                /**
                 * @description results to return
                 * @example 10
                 */
                limit?: number;
                /**
                 * @description free text, 1 to 200 characters after trimming
                 * @example germany
                 */
                q: string;
            };
            header?: {
                /**
                 * @description The ETag of a copy the client holds: 304 without a body (and without a charge) while it is current.
                 * @example W/"20260605T083817000Z-50f39b.Bkl5nW0Ypa21SaeFjjcYzh"
                 */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Countries matching q: exact ISO codes first, then name prefix, then substring. */
            200: {
                headers: {
                    "Cache-Control": components["headers"]["Cache-Control"];
                    ETag: components["headers"]["ETag"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    Vary: components["headers"]["Vary"];
                    "X-Credits-Remaining": components["headers"]["X-Credits-Remaining"];
                    "X-Credits-Reset": components["headers"]["X-Credits-Reset"];
                    "X-Duration-Ms": components["headers"]["X-Duration-Ms"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "DE",
                     *           "iso3": "DEU",
                     *           "name": "Germany",
                     *           "is_group": false
                     *         }
                     *       ],
                     *       "request_id": "0b2c78f6-c02c-48d7-a40e-c241be24eb71",
                     *       "duration_ms": 12
                     *     }
                     */
                    "application/json": {
                        /** @description the matches: exact codes first, then name prefixes, then other names */
                        data: components["schemas"]["CountryRow"][];
                        /**
                         * @description time the service took, in milliseconds
                         * @example 12
                         */
                        duration_ms: number;
                        /**
                         * Format: uuid
                         * @description the id of this request, also in `x-request-id`
                         * @example 0b2c78f6-c02c-48d7-a40e-c241be24eb71
                         */
                        request_id: string;
                    };
                    /**
                     * @example id,iso3,name,is_group
                     *     DE,DEU,Germany,false
                     */
                    "text/csv": string;
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            422: components["responses"]["ValidationError"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
            504: components["responses"]["Timeout"];
        };
    };
    getTradeCountry: {
        parameters: {
            query?: {
                /**
                 * @description Only `json`: the data of this operation is one object, not rows.
                 * @example json
                 */
                format?: "json";
            };
            header?: {
                /**
                 * @description The ETag of a copy the client holds: 304 without a body (and without a charge) while it is current.
                 * @example W/"20260605T083817000Z-50f39b.Bkl5nW0Ypa21SaeFjjcYzh"
                 */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path: {
                /**
                 * @description an ISO2 (or ISO3) country code, or EU
                 * @example DE
                 */
                cid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The country (or the EU group), its region and the sources of its figures. */
            200: {
                headers: {
                    "Cache-Control": components["headers"]["Cache-Control"];
                    ETag: components["headers"]["ETag"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    Vary: components["headers"]["Vary"];
                    "X-Credits-Remaining": components["headers"]["X-Credits-Remaining"];
                    "X-Credits-Reset": components["headers"]["X-Credits-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "DE",
                     *         "iso3": "DEU",
                     *         "name": "Germany",
                     *         "is_group": false,
                     *         "region": "Europe",
                     *         "note": "Reporting country: declares its own imports and exports.",
                     *         "source_name": "CEPII BACI",
                     *         "source_url": "https://www.cepii.fr/CEPII/en/bdd_modele/bdd_modele_item.asp?id=37",
                     *         "license_id": "Etalab-2.0",
                     *         "attribution_text": "CEPII BACI (Gaulier and Zignago, 2010)"
                     *       },
                     *       "request_id": "0b2c78f6-c02c-48d7-a40e-c241be24eb71",
                     *       "duration_ms": 12
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["CountryDetail"];
                        /**
                         * @description time the service took, in milliseconds
                         * @example 12
                         */
                        duration_ms: number;
                        /**
                         * Format: uuid
                         * @description the id of this request, also in `x-request-id`
                         * @example 0b2c78f6-c02c-48d7-a40e-c241be24eb71
                         */
                        request_id: string;
                    };
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            422: components["responses"]["ValidationError"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
            504: components["responses"]["Timeout"];
        };
    };
    getCountryAdvantage: {
        parameters: {
            query?: {
                /**
                 * @description Answer as `json` (the default) or `csv`; `Accept: text/csv` also selects CSV when `format` is absent.
                 * @example csv
                 */
                format?: "json" | "csv";
                /**
                 * @description the HS edition RCA is computed in (default: the one every flow of the year was reported in; with several, the earliest with a loaded conversion table): flows of later editions are converted into it
                 * @example 2022
                 */
                hs_version?: number;
                /**
                 * @description products to return
                 * @example 10
                 */
                limit?: number;
                /**
                 * @description USD: leave out products the country exports less of (the shares still count every product)
                 * @example 1000000
                 */
                min_value?: number;
                /**
                 * @description the year, written YYYY (default: the latest year the country exported anything)
                 * @example 2023
                 */
                year?: string;
            };
            header?: {
                /**
                 * @description The ETag of a copy the client holds: 304 without a body (and without a charge) while it is current.
                 * @example W/"20260605T083817000Z-50f39b.Bkl5nW0Ypa21SaeFjjcYzh"
                 */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path: {
                /**
                 * @description an ISO2 (or ISO3) country code, or EU
                 * @example DE
                 */
                cid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One row per product the country exported in the year, by rca descending (ties by hs6): RCA = (x_cp / x_c) / (x_wp / x_w) over every exporter in that year, in one HS edition (flows of later editions converted, of earlier ones left out and counted in x-hs-excluded-flows). */
            200: {
                headers: {
                    "Cache-Control": components["headers"]["Cache-Control"];
                    ETag: components["headers"]["ETag"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    Vary: components["headers"]["Vary"];
                    "X-Credits-Remaining": components["headers"]["X-Credits-Remaining"];
                    "X-Credits-Reset": components["headers"]["X-Credits-Reset"];
                    "X-Duration-Ms": components["headers"]["X-Duration-Ms"];
                    "X-HS-Excluded-Flows": components["headers"]["X-HS-Excluded-Flows"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "hs6": "870323",
                     *           "hs_version": 2022,
                     *           "value_usd": 58230000000,
                     *           "world_value_usd": 410200000000,
                     *           "share": 0.0381,
                     *           "world_share": 0.0175,
                     *           "rca": 2.18
                     *         }
                     *       ],
                     *       "request_id": "0b2c78f6-c02c-48d7-a40e-c241be24eb71",
                     *       "duration_ms": 12
                     *     }
                     */
                    "application/json": {
                        /** @description products by rca descending */
                        data: components["schemas"]["Advantage"][];
                        /**
                         * @description time the service took, in milliseconds
                         * @example 12
                         */
                        duration_ms: number;
                        /**
                         * Format: uuid
                         * @description the id of this request, also in `x-request-id`
                         * @example 0b2c78f6-c02c-48d7-a40e-c241be24eb71
                         */
                        request_id: string;
                    };
                    /**
                     * @example hs6,hs_version,value_usd,world_value_usd,share,world_share,rca
                     *     870323,2022,58230000000,410200000000,0.0381,0.0175,2.18
                     */
                    "text/csv": string;
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            422: components["responses"]["ValidationError"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
            504: components["responses"]["Timeout"];
        };
    };
    getCountryExports: {
        parameters: {
            query?: {
                /**
                 * @description Answer as `json` (the default) or `csv`; `Accept: text/csv` also selects CSV when `format` is absent.
                 * @example csv
                 */
                format?: "json" | "csv";
                /**
                 * @description the first year, written YYYY (inclusive)
                 * @example 2020
                 */
                from?: string;
                /**
                 * @description answer in this HS edition (one whose conversion table is loaded): flows of later editions converted with the UNSD table, flows of earlier ones left out and counted in x-hs-excluded-flows; as reported when absent
                 * @example 1992
                 */
                hs_version?: number;
                /**
                 * @description partner country: ISO2 or ISO3 codes (any case) or EU, comma-separated
                 * @example US,CN
                 */
                partner?: string;
                /**
                 * @description HS codes of 2, 4 or 6 digits, optionally prefixed hs:, comma-separated
                 * @example 2709,8703
                 */
                product?: string;
                /**
                 * @description the last year, written YYYY (inclusive)
                 * @example 2023
                 */
                to?: string;
            };
            header?: {
                /**
                 * @description The ETag of a copy the client holds: 304 without a body (and without a charge) while it is current.
                 * @example W/"20260605T083817000Z-50f39b.Bkl5nW0Ypa21SaeFjjcYzh"
                 */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path: {
                /**
                 * @description an ISO2 (or ISO3) country code, or EU
                 * @example DE
                 */
                cid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One GroupedPoint per year with exports (period set), ascending. */
            200: {
                headers: {
                    "Cache-Control": components["headers"]["Cache-Control"];
                    ETag: components["headers"]["ETag"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    Vary: components["headers"]["Vary"];
                    "X-Credits-Remaining": components["headers"]["X-Credits-Remaining"];
                    "X-Credits-Reset": components["headers"]["X-Credits-Reset"];
                    "X-Duration-Ms": components["headers"]["X-Duration-Ms"];
                    "X-HS-Excluded-Flows": components["headers"]["X-HS-Excluded-Flows"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "period": "2023-01-01",
                     *           "partner": null,
                     *           "exporter": null,
                     *           "importer": null,
                     *           "hs6": null,
                     *           "value_usd": 126796508210,
                     *           "quantity": 30692019125,
                     *           "flow_count": 443
                     *         }
                     *       ],
                     *       "request_id": "0b2c78f6-c02c-48d7-a40e-c241be24eb71",
                     *       "duration_ms": 12
                     *     }
                     */
                    "application/json": {
                        /** @description one point per year with exports (period set), ascending */
                        data: components["schemas"]["GroupedPoint"][];
                        /**
                         * @description time the service took, in milliseconds
                         * @example 12
                         */
                        duration_ms: number;
                        /**
                         * Format: uuid
                         * @description the id of this request, also in `x-request-id`
                         * @example 0b2c78f6-c02c-48d7-a40e-c241be24eb71
                         */
                        request_id: string;
                    };
                    /**
                     * @example period,partner,exporter,importer,hs6,value_usd,quantity,flow_count
                     *     2023-01-01,,,,,126796508210,30692019125,443
                     */
                    "text/csv": string;
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            422: components["responses"]["ValidationError"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
            504: components["responses"]["Timeout"];
        };
    };
    getCountryImports: {
        parameters: {
            query?: {
                /**
                 * @description Answer as `json` (the default) or `csv`; `Accept: text/csv` also selects CSV when `format` is absent.
                 * @example csv
                 */
                format?: "json" | "csv";
                /**
                 * @description the first year, written YYYY (inclusive)
                 * @example 2020
                 */
                from?: string;
                /**
                 * @description answer in this HS edition (one whose conversion table is loaded): flows of later editions converted with the UNSD table, flows of earlier ones left out and counted in x-hs-excluded-flows; as reported when absent
                 * @example 1992
                 */
                hs_version?: number;
                /**
                 * @description partner country: ISO2 or ISO3 codes (any case) or EU, comma-separated
                 * @example US,CN
                 */
                partner?: string;
                /**
                 * @description HS codes of 2, 4 or 6 digits, optionally prefixed hs:, comma-separated
                 * @example 2709,8703
                 */
                product?: string;
                /**
                 * @description the last year, written YYYY (inclusive)
                 * @example 2023
                 */
                to?: string;
            };
            header?: {
                /**
                 * @description The ETag of a copy the client holds: 304 without a body (and without a charge) while it is current.
                 * @example W/"20260605T083817000Z-50f39b.Bkl5nW0Ypa21SaeFjjcYzh"
                 */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path: {
                /**
                 * @description an ISO2 (or ISO3) country code, or EU
                 * @example DE
                 */
                cid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One GroupedPoint per year with imports (period set), ascending. */
            200: {
                headers: {
                    "Cache-Control": components["headers"]["Cache-Control"];
                    ETag: components["headers"]["ETag"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    Vary: components["headers"]["Vary"];
                    "X-Credits-Remaining": components["headers"]["X-Credits-Remaining"];
                    "X-Credits-Reset": components["headers"]["X-Credits-Reset"];
                    "X-Duration-Ms": components["headers"]["X-Duration-Ms"];
                    "X-HS-Excluded-Flows": components["headers"]["X-HS-Excluded-Flows"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "period": "2023-01-01",
                     *           "partner": null,
                     *           "exporter": null,
                     *           "importer": null,
                     *           "hs6": null,
                     *           "value_usd": 126796508210,
                     *           "quantity": 30692019125,
                     *           "flow_count": 443
                     *         }
                     *       ],
                     *       "request_id": "0b2c78f6-c02c-48d7-a40e-c241be24eb71",
                     *       "duration_ms": 12
                     *     }
                     */
                    "application/json": {
                        /** @description one point per year with imports (period set), ascending */
                        data: components["schemas"]["GroupedPoint"][];
                        /**
                         * @description time the service took, in milliseconds
                         * @example 12
                         */
                        duration_ms: number;
                        /**
                         * Format: uuid
                         * @description the id of this request, also in `x-request-id`
                         * @example 0b2c78f6-c02c-48d7-a40e-c241be24eb71
                         */
                        request_id: string;
                    };
                    /**
                     * @example period,partner,exporter,importer,hs6,value_usd,quantity,flow_count
                     *     2023-01-01,,,,,126796508210,30692019125,443
                     */
                    "text/csv": string;
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            422: components["responses"]["ValidationError"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
            504: components["responses"]["Timeout"];
        };
    };
    getCountryOpportunities: {
        parameters: {
            query?: {
                /**
                 * @description Answer as `json` (the default) or `csv`; `Accept: text/csv` also selects CSV when `format` is absent.
                 * @example csv
                 */
                format?: "json" | "csv";
                /**
                 * @description the HS edition it is computed in (default: the one every flow of the year was reported in; with several, the earliest with a loaded conversion table): flows of later editions are converted into it
                 * @example 2022
                 */
                hs_version?: number;
                /**
                 * @description products as HS6 flows summed to their 4-digit heading (hs4), or as HS6 codes (hs6)
                 * @example hs4
                 */
                level?: "hs4" | "hs6";
                /**
                 * @description rows to return
                 * @example 50
                 */
                limit?: number;
                /**
                 * @description USD: leave out countries whose exports of every product in the year add up to less
                 * @example 1000000000
                 */
                min_country_exports?: number;
                /**
                 * @description USD: leave out products whose exports by every exporter in the year add up to less
                 * @example 500000000
                 */
                min_product_trade?: number;
                /**
                 * @description the year, written YYYY (default: the latest year with data)
                 * @example 2023
                 */
                year?: string;
            };
            header?: {
                /**
                 * @description The ETag of a copy the client holds: 304 without a body (and without a charge) while it is current.
                 * @example W/"20260605T083817000Z-50f39b.Bkl5nW0Ypa21SaeFjjcYzh"
                 */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path: {
                /**
                 * @description an ISO2 (or ISO3) country code, or EU
                 * @example DE
                 */
                cid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every kept product the country exports with RCA below 1 (those it does not export at all included), by cog descending (ties by product); [] when the country is not among the kept ones. */
            200: {
                headers: {
                    "Cache-Control": components["headers"]["Cache-Control"];
                    ETag: components["headers"]["ETag"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    Vary: components["headers"]["Vary"];
                    "X-Credits-Remaining": components["headers"]["X-Credits-Remaining"];
                    "X-Credits-Reset": components["headers"]["X-Credits-Reset"];
                    "X-Duration-Ms": components["headers"]["X-Duration-Ms"];
                    "X-HS-Excluded-Flows": components["headers"]["X-HS-Excluded-Flows"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "product": "8541",
                     *           "density": 0.31,
                     *           "cog": 1.18,
                     *           "pci": 1.52,
                     *           "rca": 0.42,
                     *           "value_usd": 210000000,
                     *           "year": 2023,
                     *           "level": "hs4",
                     *           "hs_version": 2022
                     *         }
                     *       ],
                     *       "request_id": "0b2c78f6-c02c-48d7-a40e-c241be24eb71",
                     *       "duration_ms": 12
                     *     }
                     */
                    "application/json": {
                        /** @description products by cog descending */
                        data: components["schemas"]["Opportunity"][];
                        /**
                         * @description time the service took, in milliseconds
                         * @example 12
                         */
                        duration_ms: number;
                        /**
                         * Format: uuid
                         * @description the id of this request, also in `x-request-id`
                         * @example 0b2c78f6-c02c-48d7-a40e-c241be24eb71
                         */
                        request_id: string;
                    };
                    /**
                     * @example product,density,cog,pci,rca,value_usd,year,level,hs_version
                     *     8541,0.31,1.18,1.52,0.42,210000000,2023,hs4,2022
                     */
                    "text/csv": string;
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            422: components["responses"]["ValidationError"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
            504: components["responses"]["Timeout"];
        };
    };
    getCountryPartners: {
        parameters: {
            query?: {
                /**
                 * @description from the reporter's side: export (reporter exports) or import (reporter imports); both when absent
                 * @example export
                 */
                flow?: "export" | "import";
                /**
                 * @description Answer as `json` (the default) or `csv`; `Accept: text/csv` also selects CSV when `format` is absent.
                 * @example csv
                 */
                format?: "json" | "csv";
                /**
                 * @description the first year, written YYYY (inclusive)
                 * @example 2020
                 */
                from?: string;
                /**
                 * @description answer in this HS edition (one whose conversion table is loaded): flows of later editions converted with the UNSD table, flows of earlier ones left out and counted in x-hs-excluded-flows; as reported when absent
                 * @example 1992
                 */
                hs_version?: number;
                /**
                 * @description partners to return
                 * @example 10
                 */
                limit?: number;
                /**
                 * @description HS codes of 2, 4 or 6 digits, optionally prefixed hs:, comma-separated
                 * @example 2709,8703
                 */
                product?: string;
                /**
                 * @description the last year, written YYYY (inclusive)
                 * @example 2023
                 */
                to?: string;
            };
            header?: {
                /**
                 * @description The ETag of a copy the client holds: 304 without a body (and without a charge) while it is current.
                 * @example W/"20260605T083817000Z-50f39b.Bkl5nW0Ypa21SaeFjjcYzh"
                 */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path: {
                /**
                 * @description an ISO2 (or ISO3) country code, or EU
                 * @example DE
                 */
                cid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One GroupedPoint per partner (partner set), by value descending. */
            200: {
                headers: {
                    "Cache-Control": components["headers"]["Cache-Control"];
                    ETag: components["headers"]["ETag"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    Vary: components["headers"]["Vary"];
                    "X-Credits-Remaining": components["headers"]["X-Credits-Remaining"];
                    "X-Credits-Reset": components["headers"]["X-Credits-Reset"];
                    "X-Duration-Ms": components["headers"]["X-Duration-Ms"];
                    "X-HS-Excluded-Flows": components["headers"]["X-HS-Excluded-Flows"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "period": null,
                     *           "partner": "FR",
                     *           "exporter": null,
                     *           "importer": null,
                     *           "hs6": null,
                     *           "value_usd": 275839263263,
                     *           "quantity": 14586699355,
                     *           "flow_count": 282
                     *         }
                     *       ],
                     *       "request_id": "0b2c78f6-c02c-48d7-a40e-c241be24eb71",
                     *       "duration_ms": 12
                     *     }
                     */
                    "application/json": {
                        /** @description one point per partner (partner set), by value_usd descending */
                        data: components["schemas"]["GroupedPoint"][];
                        /**
                         * @description time the service took, in milliseconds
                         * @example 12
                         */
                        duration_ms: number;
                        /**
                         * Format: uuid
                         * @description the id of this request, also in `x-request-id`
                         * @example 0b2c78f6-c02c-48d7-a40e-c241be24eb71
                         */
                        request_id: string;
                    };
                    /**
                     * @example period,partner,exporter,importer,hs6,value_usd,quantity,flow_count
                     *     ,FR,,,,275839263263,14586699355,282
                     */
                    "text/csv": string;
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            422: components["responses"]["ValidationError"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
            504: components["responses"]["Timeout"];
        };
    };
    getCountryProducts: {
        parameters: {
            query?: {
                /**
                 * @description from the reporter's side: export (reporter exports) or import (reporter imports); both when absent
                 * @example export
                 */
                flow?: "export" | "import";
                /**
                 * @description Answer as `json` (the default) or `csv`; `Accept: text/csv` also selects CSV when `format` is absent.
                 * @example csv
                 */
                format?: "json" | "csv";
                /**
                 * @description the first year, written YYYY (inclusive)
                 * @example 2020
                 */
                from?: string;
                /**
                 * @description answer in this HS edition (one whose conversion table is loaded): flows of later editions converted with the UNSD table, flows of earlier ones left out and counted in x-hs-excluded-flows; as reported when absent
                 * @example 1992
                 */
                hs_version?: number;
                /**
                 * @description products to return
                 * @example 10
                 */
                limit?: number;
                /**
                 * @description the last year, written YYYY (inclusive)
                 * @example 2023
                 */
                to?: string;
            };
            header?: {
                /**
                 * @description The ETag of a copy the client holds: 304 without a body (and without a charge) while it is current.
                 * @example W/"20260605T083817000Z-50f39b.Bkl5nW0Ypa21SaeFjjcYzh"
                 */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path: {
                /**
                 * @description an ISO2 (or ISO3) country code, or EU
                 * @example DE
                 */
                cid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One GroupedPoint per HS6 product (hs6 set), by value descending. */
            200: {
                headers: {
                    "Cache-Control": components["headers"]["Cache-Control"];
                    ETag: components["headers"]["ETag"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    Vary: components["headers"]["Vary"];
                    "X-Credits-Remaining": components["headers"]["X-Credits-Remaining"];
                    "X-Credits-Reset": components["headers"]["X-Credits-Reset"];
                    "X-Duration-Ms": components["headers"]["X-Duration-Ms"];
                    "X-HS-Excluded-Flows": components["headers"]["X-HS-Excluded-Flows"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "period": null,
                     *           "partner": null,
                     *           "exporter": null,
                     *           "importer": null,
                     *           "hs6": "870323",
                     *           "value_usd": 233925622333,
                     *           "quantity": 14586699355,
                     *           "flow_count": 83
                     *         }
                     *       ],
                     *       "request_id": "0b2c78f6-c02c-48d7-a40e-c241be24eb71",
                     *       "duration_ms": 12
                     *     }
                     */
                    "application/json": {
                        /** @description one point per product (hs6 set), by value_usd descending */
                        data: components["schemas"]["GroupedPoint"][];
                        /**
                         * @description time the service took, in milliseconds
                         * @example 12
                         */
                        duration_ms: number;
                        /**
                         * Format: uuid
                         * @description the id of this request, also in `x-request-id`
                         * @example 0b2c78f6-c02c-48d7-a40e-c241be24eb71
                         */
                        request_id: string;
                    };
                    /**
                     * @example period,partner,exporter,importer,hs6,value_usd,quantity,flow_count
                     *     ,,,,870323,233925622333,14586699355,83
                     */
                    "text/csv": string;
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            422: components["responses"]["ValidationError"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
            504: components["responses"]["Timeout"];
        };
    };
    getTradeCoverage: {
        parameters: {
            query?: {
                /**
                 * @description Answer as `json` (the default) or `csv`; `Accept: text/csv` also selects CSV when `format` is absent.
                 * @example csv
                 */
                format?: "json" | "csv";
            };
            header?: {
                /**
                 * @description The ETag of a copy the client holds: 304 without a body (and without a charge) while it is current.
                 * @example W/"20260605T083817000Z-50f39b.Bkl5nW0Ypa21SaeFjjcYzh"
                 */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One row per reporting country: its first and last years and months of data, and their sources. */
            200: {
                headers: {
                    "Cache-Control": components["headers"]["Cache-Control"];
                    ETag: components["headers"]["ETag"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    Vary: components["headers"]["Vary"];
                    "X-Credits-Remaining": components["headers"]["X-Credits-Remaining"];
                    "X-Credits-Reset": components["headers"]["X-Credits-Reset"];
                    "X-Duration-Ms": components["headers"]["X-Duration-Ms"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "country": "DE",
                     *           "yearly_first": 2015,
                     *           "yearly_last": 2025,
                     *           "monthly_first": "2015-01-01",
                     *           "monthly_last": "2026-05-01",
                     *           "source_name": "CEPII BACI",
                     *           "source_url": "https://www.cepii.fr/CEPII/en/bdd_modele/bdd_modele_item.asp?id=37",
                     *           "license_id": "Etalab-2.0",
                     *           "attribution_text": "CEPII BACI (Gaulier and Zignago, 2010)"
                     *         }
                     *       ],
                     *       "request_id": "0b2c78f6-c02c-48d7-a40e-c241be24eb71",
                     *       "duration_ms": 12
                     *     }
                     */
                    "application/json": {
                        /** @description one row per reporting country, by country */
                        data: components["schemas"]["CoverageRow"][];
                        /**
                         * @description time the service took, in milliseconds
                         * @example 12
                         */
                        duration_ms: number;
                        /**
                         * Format: uuid
                         * @description the id of this request, also in `x-request-id`
                         * @example 0b2c78f6-c02c-48d7-a40e-c241be24eb71
                         */
                        request_id: string;
                    };
                    /**
                     * @example country,yearly_first,yearly_last,monthly_first,monthly_last,source_name,source_url,license_id,attribution_text
                     *     DE,2015,2025,2015-01-01,2026-05-01,CEPII BACI,https://www.cepii.fr/CEPII/en/bdd_modele/bdd_modele_item.asp?id=37,Etalab-2.0,"CEPII BACI (Gaulier and Zignago, 2010)"
                     */
                    "text/csv": string;
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            422: components["responses"]["ValidationError"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
            504: components["responses"]["Timeout"];
        };
    };
    listTradeMonthly: {
        parameters: {
            query?: {
                /**
                 * @description next_cursor of the previous page, with the same other parameters (limit may change); not with group_by
                 * @example WzEsIkRFVS5DUElfWU9ZIiwiMjAyNC0wMS0wMSJdCmtIcFhB
                 */
                cursor?: string;
                /**
                 * @description exporter: ISO2 or ISO3 codes (any case) or EU, comma-separated
                 * @example DE
                 */
                exporter?: string;
                /**
                 * @description Answer as `json` (the default) or `csv`; `Accept: text/csv` also selects CSV when `format` is absent.
                 * @example csv
                 */
                format?: "json" | "csv";
                /**
                 * @description the first month, written YYYY-MM or YYYY (inclusive)
                 * @example 2024-01
                 */
                from?: string;
                /**
                 * @description sums by this key; not paged
                 * @example hs6
                 */
                group_by?: "period" | "exporter" | "importer" | "hs6";
                /**
                 * @description answer in this HS edition (one whose conversion table is loaded): flows of later editions converted with the UNSD table, flows of earlier ones left out and counted in x-hs-excluded-flows; as reported when absent
                 * @example 1992
                 */
                hs_version?: number;
                /**
                 * @description importer: ISO2 or ISO3 codes (any case) or EU, comma-separated
                 * @example US
                 */
                importer?: string;
                /**
                 * @description rows per page; with group_by, the number of groups
                 * @example 10
                 */
                limit?: number;
                /**
                 * @description whose declarations: the exporter's (FOB), the importer's (CIF), or reconciled (the importer's where one exists, else the exporter's)
                 * @example exporter
                 */
                method?: "reconciled" | "exporter" | "importer";
                /**
                 * @description HS codes of 2, 4 or 6 digits, optionally prefixed hs:, comma-separated
                 * @example 2709,8703
                 */
                product?: string;
                /**
                 * @description the last month, written YYYY-MM or YYYY (inclusive)
                 * @example 2024-12
                 */
                to?: string;
            };
            header?: {
                /**
                 * @description The ETag of a copy the client holds: 304 without a body (and without a charge) while it is current.
                 * @example W/"20260605T083817000Z-50f39b.Bkl5nW0Ypa21SaeFjjcYzh"
                 */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Without group_by, a page of monthly observations (next_cursor null on the last page); with group_by, one sum per group. */
            200: {
                headers: {
                    "Cache-Control": components["headers"]["Cache-Control"];
                    ETag: components["headers"]["ETag"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    Vary: components["headers"]["Vary"];
                    "X-Credits-Remaining": components["headers"]["X-Credits-Remaining"];
                    "X-Credits-Reset": components["headers"]["X-Credits-Reset"];
                    "X-Duration-Ms": components["headers"]["X-Duration-Ms"];
                    "X-HS-Excluded-Flows": components["headers"]["X-HS-Excluded-Flows"];
                    "X-Next-Cursor": components["headers"]["X-Next-Cursor"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "exporter": "DE",
                     *           "importer": "US",
                     *           "hs6": "901890",
                     *           "hs_version": 2022,
                     *           "period": "2024-03-01",
                     *           "granularity": "monthly",
                     *           "value_usd": 434570769,
                     *           "quantity": 2283641,
                     *           "quantity_unit": "kg",
                     *           "reported_by": "importer"
                     *         }
                     *       ],
                     *       "next_cursor": "WzEsIkRFVS5DUElfWU9ZIiwiMjAyNC0wMS0wMSJdCmtIcFhB",
                     *       "request_id": "0b2c78f6-c02c-48d7-a40e-c241be24eb71",
                     *       "duration_ms": 12
                     *     }
                     */
                    "application/json": {
                        /** @description without group_by, the observations of this page; with group_by, one sum per group */
                        data: components["schemas"]["MonthlyObservation"][] | components["schemas"]["MonthlyGroupedPoint"][];
                        /**
                         * @description time the service took, in milliseconds
                         * @example 12
                         */
                        duration_ms: number;
                        /**
                         * @description pass as `cursor` for the next page; null on the last page; absent with group_by (not paged)
                         * @example WzEsIkRFVS5DUElfWU9ZIiwiMjAyNC0wMS0wMSJdCmtIcFhB
                         */
                        next_cursor?: string | null;
                        /**
                         * Format: uuid
                         * @description the id of this request, also in `x-request-id`
                         * @example 0b2c78f6-c02c-48d7-a40e-c241be24eb71
                         */
                        request_id: string;
                    };
                    /**
                     * @example exporter,importer,hs6,hs_version,period,granularity,value_usd,quantity,quantity_unit,reported_by
                     *     DE,US,901890,2022,2024-03-01,monthly,434570769,2283641,kg,importer
                     */
                    "text/csv": string;
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            422: components["responses"]["ValidationError"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
            504: components["responses"]["Timeout"];
        };
    };
    searchProducts: {
        parameters: {
            query: {
                /**
                 * @description Answer as `json` (the default) or `csv`; `Accept: text/csv` also selects CSV when `format` is absent.
                 * @example csv
                 */
                format?: "json" | "csv";
                /**
                 * @description results to return
                 * @example 10
                 */
                limit?: number;
                /**
                 * @description free text, 1 to 200 characters after trimming
                 * @example crude petroleum
                 */
                q: string;
            };
            header?: {
                /**
                 * @description The ETag of a copy the client holds: 304 without a body (and without a charge) while it is current.
                 * @example W/"20260605T083817000Z-50f39b.Bkl5nW0Ypa21SaeFjjcYzh"
                 */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description HS6 products whose code starts with the digits of q or whose name holds every word of q. */
            200: {
                headers: {
                    "Cache-Control": components["headers"]["Cache-Control"];
                    ETag: components["headers"]["ETag"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    Vary: components["headers"]["Vary"];
                    "X-Credits-Remaining": components["headers"]["X-Credits-Remaining"];
                    "X-Credits-Reset": components["headers"]["X-Credits-Reset"];
                    "X-Duration-Ms": components["headers"]["X-Duration-Ms"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "hs6": "270900",
                     *           "hs_version": 2022,
                     *           "name": "Oils; petroleum oils and oils obtained from bituminous minerals, crude"
                     *         }
                     *       ],
                     *       "request_id": "0b2c78f6-c02c-48d7-a40e-c241be24eb71",
                     *       "duration_ms": 12
                     *     }
                     */
                    "application/json": {
                        /** @description the matching HS6 products */
                        data: components["schemas"]["ProductRow"][];
                        /**
                         * @description time the service took, in milliseconds
                         * @example 12
                         */
                        duration_ms: number;
                        /**
                         * Format: uuid
                         * @description the id of this request, also in `x-request-id`
                         * @example 0b2c78f6-c02c-48d7-a40e-c241be24eb71
                         */
                        request_id: string;
                    };
                    /**
                     * @example hs6,hs_version,name
                     *     270900,2022,"Oils; petroleum oils and oils obtained from bituminous minerals, crude"
                     */
                    "text/csv": string;
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            422: components["responses"]["ValidationError"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
            504: components["responses"]["Timeout"];
        };
    };
    getProduct: {
        parameters: {
            query?: {
                /**
                 * @description Only `json`: the data of this operation is one object, not rows.
                 * @example json
                 */
                format?: "json";
            };
            header?: {
                /**
                 * @description The ETag of a copy the client holds: 304 without a body (and without a charge) while it is current.
                 * @example W/"20260605T083817000Z-50f39b.Bkl5nW0Ypa21SaeFjjcYzh"
                 */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path: {
                /**
                 * @description an HS code of 2, 4 or 6 digits, optionally prefixed hs:
                 * @example 2709
                 */
                pid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The normalised code and every HS6 code under it. */
            200: {
                headers: {
                    "Cache-Control": components["headers"]["Cache-Control"];
                    ETag: components["headers"]["ETag"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    Vary: components["headers"]["Vary"];
                    "X-Credits-Remaining": components["headers"]["X-Credits-Remaining"];
                    "X-Credits-Reset": components["headers"]["X-Credits-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "2709",
                     *         "matches": [
                     *           {
                     *             "hs6": "270900",
                     *             "hs_version": 2022,
                     *             "name": "Oils; petroleum oils and oils obtained from bituminous minerals, crude",
                     *             "chapter": "27",
                     *             "heading": "2709"
                     *           }
                     *         ]
                     *       },
                     *       "request_id": "0b2c78f6-c02c-48d7-a40e-c241be24eb71",
                     *       "duration_ms": 12
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["ProductDetail"];
                        /**
                         * @description time the service took, in milliseconds
                         * @example 12
                         */
                        duration_ms: number;
                        /**
                         * Format: uuid
                         * @description the id of this request, also in `x-request-id`
                         * @example 0b2c78f6-c02c-48d7-a40e-c241be24eb71
                         */
                        request_id: string;
                    };
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            422: components["responses"]["ValidationError"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
            504: components["responses"]["Timeout"];
        };
    };
    getProductConcordance: {
        parameters: {
            query: {
                /**
                 * @description Answer as `json` (the default) or `csv`; `Accept: text/csv` also selects CSV when `format` is absent.
                 * @example csv
                 */
                format?: "json" | "csv";
                /**
                 * @description the HS edition to map to (one whose correlation table is loaded)
                 * @example 1992
                 */
                to: number;
            };
            header?: {
                /**
                 * @description The ETag of a copy the client holds: 304 without a body (and without a charge) while it is current.
                 * @example W/"20260605T083817000Z-50f39b.Bkl5nW0Ypa21SaeFjjcYzh"
                 */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path: {
                /**
                 * @description an HS code of 2, 4 or 6 digits, optionally prefixed hs:
                 * @example 2709
                 */
                pid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description For each HS6 code under the product in its own edition, the codes of edition `to` it corresponds to, with the UNSD correlation relationship (1:1, n:1, 1:n, n:n) seen from its side; by edition, code, then to_hs6. */
            200: {
                headers: {
                    "Cache-Control": components["headers"]["Cache-Control"];
                    ETag: components["headers"]["ETag"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    Vary: components["headers"]["Vary"];
                    "X-Credits-Remaining": components["headers"]["X-Credits-Remaining"];
                    "X-Credits-Reset": components["headers"]["X-Credits-Reset"];
                    "X-Duration-Ms": components["headers"]["X-Duration-Ms"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "from_hs6": "851713",
                     *           "from_version": 2022,
                     *           "to_hs6": "851790",
                     *           "to_version": 1992,
                     *           "relationship": "n:1"
                     *         }
                     *       ],
                     *       "request_id": "0b2c78f6-c02c-48d7-a40e-c241be24eb71",
                     *       "duration_ms": 12
                     *     }
                     */
                    "application/json": {
                        /** @description for each HS6 code under pid, the codes of the edition asked for */
                        data: components["schemas"]["ConcordanceRow"][];
                        /**
                         * @description time the service took, in milliseconds
                         * @example 12
                         */
                        duration_ms: number;
                        /**
                         * Format: uuid
                         * @description the id of this request, also in `x-request-id`
                         * @example 0b2c78f6-c02c-48d7-a40e-c241be24eb71
                         */
                        request_id: string;
                    };
                    /**
                     * @example from_hs6,from_version,to_hs6,to_version,relationship
                     *     851713,2022,851790,1992,n:1
                     */
                    "text/csv": string;
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            422: components["responses"]["ValidationError"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
            504: components["responses"]["Timeout"];
        };
    };
    getProductHistory: {
        parameters: {
            query?: {
                /**
                 * @description from the reporter's side: export (reporter exports) or import (reporter imports); both when absent
                 * @example export
                 */
                flow?: "export" | "import";
                /**
                 * @description Answer as `json` (the default) or `csv`; `Accept: text/csv` also selects CSV when `format` is absent.
                 * @example csv
                 */
                format?: "json" | "csv";
                /**
                 * @description the first year, written YYYY (inclusive)
                 * @example 2020
                 */
                from?: string;
                /**
                 * @description answer in this HS edition (one whose conversion table is loaded): flows of later editions converted with the UNSD table, flows of earlier ones left out and counted in x-hs-excluded-flows; as reported when absent
                 * @example 1992
                 */
                hs_version?: number;
                /**
                 * @description partner country: ISO2 or ISO3 codes (any case) or EU, comma-separated
                 * @example US,CN
                 */
                partner?: string;
                /**
                 * @description reporting country: ISO2 or ISO3 codes (any case) or EU, comma-separated
                 * @example DE
                 */
                reporter?: string;
                /**
                 * @description the last year, written YYYY (inclusive)
                 * @example 2023
                 */
                to?: string;
            };
            header?: {
                /**
                 * @description The ETag of a copy the client holds: 304 without a body (and without a charge) while it is current.
                 * @example W/"20260605T083817000Z-50f39b.Bkl5nW0Ypa21SaeFjjcYzh"
                 */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path: {
                /**
                 * @description an HS code of 2, 4 or 6 digits, optionally prefixed hs:
                 * @example 2709
                 */
                pid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One GroupedPoint per year with data (period set), ascending. */
            200: {
                headers: {
                    "Cache-Control": components["headers"]["Cache-Control"];
                    ETag: components["headers"]["ETag"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    Vary: components["headers"]["Vary"];
                    "X-Credits-Remaining": components["headers"]["X-Credits-Remaining"];
                    "X-Credits-Reset": components["headers"]["X-Credits-Reset"];
                    "X-Duration-Ms": components["headers"]["X-Duration-Ms"];
                    "X-HS-Excluded-Flows": components["headers"]["X-HS-Excluded-Flows"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "period": "2023-01-01",
                     *           "partner": null,
                     *           "exporter": null,
                     *           "importer": null,
                     *           "hs6": null,
                     *           "value_usd": 126796508210,
                     *           "quantity": 30692019125,
                     *           "flow_count": 443
                     *         }
                     *       ],
                     *       "request_id": "0b2c78f6-c02c-48d7-a40e-c241be24eb71",
                     *       "duration_ms": 12
                     *     }
                     */
                    "application/json": {
                        /** @description one point per year (period set), ascending */
                        data: components["schemas"]["GroupedPoint"][];
                        /**
                         * @description time the service took, in milliseconds
                         * @example 12
                         */
                        duration_ms: number;
                        /**
                         * Format: uuid
                         * @description the id of this request, also in `x-request-id`
                         * @example 0b2c78f6-c02c-48d7-a40e-c241be24eb71
                         */
                        request_id: string;
                    };
                    /**
                     * @example period,partner,exporter,importer,hs6,value_usd,quantity,flow_count
                     *     2023-01-01,,,,,126796508210,30692019125,443
                     */
                    "text/csv": string;
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            422: components["responses"]["ValidationError"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
            504: components["responses"]["Timeout"];
        };
    };
    getProductMarkets: {
        parameters: {
            query?: {
                /**
                 * @description Only `json`: the data of this operation is one object, not rows.
                 * @example json
                 */
                format?: "json";
                /**
                 * @description the first year, written YYYY (inclusive)
                 * @example 2020
                 */
                from?: string;
                /**
                 * @description answer in this HS edition (one whose conversion table is loaded): flows of later editions converted with the UNSD table, flows of earlier ones left out and counted in x-hs-excluded-flows; as reported when absent
                 * @example 1992
                 */
                hs_version?: number;
                /**
                 * @description exporters and importers to return, each
                 * @example 10
                 */
                limit?: number;
                /**
                 * @description the last year, written YYYY (inclusive)
                 * @example 2023
                 */
                to?: string;
            };
            header?: {
                /**
                 * @description The ETag of a copy the client holds: 304 without a body (and without a charge) while it is current.
                 * @example W/"20260605T083817000Z-50f39b.Bkl5nW0Ypa21SaeFjjcYzh"
                 */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path: {
                /**
                 * @description an HS code of 2, 4 or 6 digits, optionally prefixed hs:
                 * @example 2709
                 */
                pid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The largest exporters and importers of the product, largest first. */
            200: {
                headers: {
                    "Cache-Control": components["headers"]["Cache-Control"];
                    ETag: components["headers"]["ETag"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    Vary: components["headers"]["Vary"];
                    "X-Credits-Remaining": components["headers"]["X-Credits-Remaining"];
                    "X-Credits-Reset": components["headers"]["X-Credits-Reset"];
                    "X-HS-Excluded-Flows": components["headers"]["X-HS-Excluded-Flows"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "top_exporters": [
                     *           {
                     *             "period": null,
                     *             "partner": null,
                     *             "exporter": "SA",
                     *             "importer": null,
                     *             "hs6": null,
                     *             "value_usd": 352358206242,
                     *             "quantity": 542791217369,
                     *             "flow_count": 16
                     *           }
                     *         ],
                     *         "top_importers": [
                     *           {
                     *             "period": null,
                     *             "partner": null,
                     *             "exporter": null,
                     *             "importer": "CN",
                     *             "hs6": null,
                     *             "value_usd": 682312287811,
                     *             "quantity": 1182453729364,
                     *             "flow_count": 110
                     *           }
                     *         ]
                     *       },
                     *       "request_id": "0b2c78f6-c02c-48d7-a40e-c241be24eb71",
                     *       "duration_ms": 12
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Markets"];
                        /**
                         * @description time the service took, in milliseconds
                         * @example 12
                         */
                        duration_ms: number;
                        /**
                         * Format: uuid
                         * @description the id of this request, also in `x-request-id`
                         * @example 0b2c78f6-c02c-48d7-a40e-c241be24eb71
                         */
                        request_id: string;
                    };
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            422: components["responses"]["ValidationError"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
            504: components["responses"]["Timeout"];
        };
    };
    getProductRelated: {
        parameters: {
            query?: {
                /**
                 * @description Answer as `json` (the default) or `csv`; `Accept: text/csv` also selects CSV when `format` is absent.
                 * @example csv
                 */
                format?: "json" | "csv";
                /**
                 * @description the HS edition it is computed in (default: the one every flow of the year was reported in; with several, the earliest with a loaded conversion table): flows of later editions are converted into it
                 * @example 2022
                 */
                hs_version?: number;
                /**
                 * @description products as HS6 flows summed to their 4-digit heading (hs4), or as HS6 codes (hs6)
                 * @example hs4
                 */
                level?: "hs4" | "hs6";
                /**
                 * @description rows to return
                 * @example 50
                 */
                limit?: number;
                /**
                 * @description USD: leave out countries whose exports of every product in the year add up to less
                 * @example 1000000000
                 */
                min_country_exports?: number;
                /**
                 * @description USD: leave out products whose exports by every exporter in the year add up to less
                 * @example 500000000
                 */
                min_product_trade?: number;
                /**
                 * @description the year, written YYYY (default: the latest year with data)
                 * @example 2023
                 */
                year?: string;
            };
            header?: {
                /**
                 * @description The ETag of a copy the client holds: 304 without a body (and without a charge) while it is current.
                 * @example W/"20260605T083817000Z-50f39b.Bkl5nW0Ypa21SaeFjjcYzh"
                 */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path: {
                /**
                 * @description an HS code of 2, 4 or 6 digits, optionally prefixed hs:
                 * @example 2709
                 */
                pid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every other kept product, by proximity descending (ties by product): the share of the countries exporting either with RCA ≥ 1 that export both, the smaller of the two conditionals; [] when the product is not kept. */
            200: {
                headers: {
                    "Cache-Control": components["headers"]["Cache-Control"];
                    ETag: components["headers"]["ETag"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    Vary: components["headers"]["Vary"];
                    "X-Credits-Remaining": components["headers"]["X-Credits-Remaining"];
                    "X-Credits-Reset": components["headers"]["X-Credits-Reset"];
                    "X-Duration-Ms": components["headers"]["X-Duration-Ms"];
                    "X-HS-Excluded-Flows": components["headers"]["X-HS-Excluded-Flows"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "product": "8542",
                     *           "proximity": 0.62,
                     *           "year": 2023,
                     *           "level": "hs4",
                     *           "hs_version": 2022
                     *         }
                     *       ],
                     *       "request_id": "0b2c78f6-c02c-48d7-a40e-c241be24eb71",
                     *       "duration_ms": 12
                     *     }
                     */
                    "application/json": {
                        /** @description products by proximity descending */
                        data: components["schemas"]["RelatedProduct"][];
                        /**
                         * @description time the service took, in milliseconds
                         * @example 12
                         */
                        duration_ms: number;
                        /**
                         * Format: uuid
                         * @description the id of this request, also in `x-request-id`
                         * @example 0b2c78f6-c02c-48d7-a40e-c241be24eb71
                         */
                        request_id: string;
                    };
                    /**
                     * @example product,proximity,year,level,hs_version
                     *     8542,0.62,2023,hs4,2022
                     */
                    "text/csv": string;
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            422: components["responses"]["ValidationError"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
            504: components["responses"]["Timeout"];
        };
    };
    getTradeSummary: {
        parameters: {
            query?: {
                /**
                 * @description from the reporter's side: export (reporter exports) or import (reporter imports); both when absent
                 * @example export
                 */
                flow?: "export" | "import";
                /**
                 * @description Only `json`: the data of this operation is one object, not rows.
                 * @example json
                 */
                format?: "json";
                /**
                 * @description the first year, written YYYY (inclusive)
                 * @example 2020
                 */
                from?: string;
                /**
                 * @description answer in this HS edition (one whose conversion table is loaded): flows of later editions converted with the UNSD table, flows of earlier ones left out and counted in x-hs-excluded-flows; as reported when absent
                 * @example 1992
                 */
                hs_version?: number;
                /**
                 * @description partner country: ISO2 or ISO3 codes (any case) or EU, comma-separated
                 * @example US,CN
                 */
                partner?: string;
                /**
                 * @description HS codes of 2, 4 or 6 digits, optionally prefixed hs:, comma-separated
                 * @example 2709,8703
                 */
                product?: string;
                /**
                 * @description reporting country: ISO2 or ISO3 codes (any case) or EU, comma-separated
                 * @example DE
                 */
                reporter?: string;
                /**
                 * @description the last year, written YYYY (inclusive)
                 * @example 2023
                 */
                to?: string;
            };
            header?: {
                /**
                 * @description The ETag of a copy the client holds: 304 without a body (and without a charge) while it is current.
                 * @example W/"20260605T083817000Z-50f39b.Bkl5nW0Ypa21SaeFjjcYzh"
                 */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Totals, growth, unit value, top partners and partner concentration of the matching annual flows. */
            200: {
                headers: {
                    "Cache-Control": components["headers"]["Cache-Control"];
                    ETag: components["headers"]["ETag"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    Vary: components["headers"]["Vary"];
                    "X-Credits-Remaining": components["headers"]["X-Credits-Remaining"];
                    "X-Credits-Reset": components["headers"]["X-Credits-Reset"];
                    "X-HS-Excluded-Flows": components["headers"]["X-HS-Excluded-Flows"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "trade_value": 565035325871,
                     *         "quantity": 138747036735,
                     *         "growth": -13.54,
                     *         "unit_value": 3.29,
                     *         "top_partners": [
                     *           {
                     *             "partner": "FR",
                     *             "value_usd": 91123364533,
                     *             "share": 0.161
                     *           },
                     *           {
                     *             "partner": "NL",
                     *             "value_usd": 55670773247,
                     *             "share": 0.099
                     *           }
                     *         ],
                     *         "partner_concentration": 0.07,
                     *         "periods": [
                     *           {
                     *             "period": "2022",
                     *             "value_usd": 303036591621
                     *           },
                     *           {
                     *             "period": "2023",
                     *             "value_usd": 261998734250
                     *           }
                     *         ]
                     *       },
                     *       "request_id": "0b2c78f6-c02c-48d7-a40e-c241be24eb71",
                     *       "duration_ms": 12
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["TradeSummary"];
                        /**
                         * @description time the service took, in milliseconds
                         * @example 12
                         */
                        duration_ms: number;
                        /**
                         * Format: uuid
                         * @description the id of this request, also in `x-request-id`
                         * @example 0b2c78f6-c02c-48d7-a40e-c241be24eb71
                         */
                        request_id: string;
                    };
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            422: components["responses"]["ValidationError"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
            504: components["responses"]["Timeout"];
        };
    };
    listUpdates: {
        parameters: {
            query: {
                /**
                 * @description ISO3, ISO2, slug or group token (g7, g20, emu, eu, oecd, brics); comma-separated list
                 * @example DEU,FRA
                 */
                country?: string;
                /**
                 * @description Answer as `json` (the default) or `csv`; `Accept: text/csv` also selects CSV when `format` is absent.
                 * @example csv
                 */
                format?: "json" | "csv";
                /**
                 * @description ISO 8601 date-time; a plain date means 00:00 UTC
                 * @example 2026-06-01T00:00:00Z
                 */
                since: string;
            };
            header?: {
                /**
                 * @description The ETag of a copy the client holds: 304 without a body (and without a charge) while it is current.
                 * @example W/"20260605T083817000Z-50f39b.Bkl5nW0Ypa21SaeFjjcYzh"
                 */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The series whose last_update is after since, sorted by last_update then series_id. */
            200: {
                headers: {
                    "Cache-Control": components["headers"]["Cache-Control"];
                    ETag: components["headers"]["ETag"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    Vary: components["headers"]["Vary"];
                    "X-Credits-Remaining": components["headers"]["X-Credits-Remaining"];
                    "X-Credits-Reset": components["headers"]["X-Credits-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "series_id": "DEU.CPI_YOY",
                     *           "country_id": "DEU",
                     *           "kpi_id": "CPI_YOY",
                     *           "slug": "cpi-inflation",
                     *           "last_update": "2026-06-05T08:38:17Z"
                     *         }
                     *       ],
                     *       "request_id": "0b2c78f6-c02c-48d7-a40e-c241be24eb71"
                     *     }
                     */
                    "application/json": {
                        /** @description the series updated after since, by last_update then series_id */
                        data: components["schemas"]["UpdateItem"][];
                        /**
                         * Format: uuid
                         * @description the id of this request, also in `x-request-id`
                         * @example 0b2c78f6-c02c-48d7-a40e-c241be24eb71
                         */
                        request_id: string;
                    };
                    /**
                     * @example series_id,country_id,kpi_id,slug,last_update
                     *     DEU.CPI_YOY,DEU,CPI_YOY,cpi-inflation,2026-06-05T08:38:17Z
                     */
                    "text/csv": string;
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            422: components["responses"]["ValidationError"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
            504: components["responses"]["Timeout"];
        };
    };
    listVintages: {
        parameters: {
            query?: {
                /**
                 * @description ISO3, ISO2, slug or group token (g7, g20, emu, eu, oecd, brics); comma-separated list
                 * @example DEU,FRA
                 */
                country?: string;
                /**
                 * @description Answer as `json` (the default) or `csv`; `Accept: text/csv` also selects CSV when `format` is absent.
                 * @example csv
                 */
                format?: "json" | "csv";
                /**
                 * @description the first vintage date, written YYYY or YYYY-MM-DD (inclusive)
                 * @example 2024
                 */
                from?: string;
                /**
                 * @description kpi_id, slug or alias; comma-separated list
                 * @example CPI_YOY
                 */
                indicator?: string;
                /**
                 * @description the last vintage date, written YYYY or YYYY-MM-DD (inclusive)
                 * @example 2024-12-31
                 */
                to?: string;
            };
            header?: {
                /**
                 * @description The ETag of a copy the client holds: 304 without a body (and without a charge) while it is current.
                 * @example W/"20260605T083817000Z-50f39b.Bkl5nW0Ypa21SaeFjjcYzh"
                 */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One row per matching series, sorted by series_id: the days its data changed (a value first published, revised or withdrawn), ascending, within from/to. Ask /v1/history or /v1/latest with as_of one of them for the data as it was then. */
            200: {
                headers: {
                    "Cache-Control": components["headers"]["Cache-Control"];
                    ETag: components["headers"]["ETag"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    Vary: components["headers"]["Vary"];
                    "X-Credits-Remaining": components["headers"]["X-Credits-Remaining"];
                    "X-Credits-Reset": components["headers"]["X-Credits-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "series_id": "USA.GDP_REAL_QOQ",
                     *           "vintage_dates": [
                     *             "2024-04-30",
                     *             "2024-05-30",
                     *             "2024-06-29"
                     *           ]
                     *         }
                     *       ],
                     *       "request_id": "0b2c78f6-c02c-48d7-a40e-c241be24eb71"
                     *     }
                     */
                    "application/json": {
                        /** @description one item per matching series, by series_id */
                        data: components["schemas"]["Vintages"][];
                        /**
                         * Format: uuid
                         * @description the id of this request, also in `x-request-id`
                         * @example 0b2c78f6-c02c-48d7-a40e-c241be24eb71
                         */
                        request_id: string;
                    };
                    /**
                     * @example series_id,vintage_dates
                     *     USA.GDP_REAL_QOQ,2024-04-30;2024-05-30;2024-06-29
                     */
                    "text/csv": string;
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            422: components["responses"]["ValidationError"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
            504: components["responses"]["Timeout"];
        };
    };
}
