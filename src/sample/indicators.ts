import type { Frequency } from '../economics/catalogue.js';

export interface IndicatorDef {
  kpi_id: string;
  name: string;
  group: 'gdp' | 'prices' | 'labour' | 'money' | 'government' | 'external';
  unit: string;
  unit_code: string;
  frequency: Frequency;
  description: string;
  aliases: string[];
  adjustment: string | null;
  /** Decimals the generated values are rounded to. */
  decimals: number;
  /** False for indicators only real data feeds (the sample generates no series for them). */
  sample?: false;
}

/** The catalogue: 34 indicators, 4 to 7 per group, every frequency (31 with sample series). */
export const INDICATORS: IndicatorDef[] = [
  // gdp
  { kpi_id: 'GDP_USD', name: 'Gross domestic product, current prices', group: 'gdp', unit: 'US dollars', unit_code: 'USD', frequency: 'annual', description: 'Nominal GDP converted to US dollars at the annual average exchange rate.', aliases: ['gdp', 'nominal gdp', 'gdp usd', 'output'], adjustment: null, decimals: 0 },
  { kpi_id: 'GDP_PER_CAPITA', name: 'GDP per capita, current prices', group: 'gdp', unit: 'US dollars per person', unit_code: 'USD_PER_CAPITA', frequency: 'annual', description: 'Nominal GDP in US dollars divided by the mid-year population.', aliases: ['gdp per capita', 'income per capita', 'gdp per head'], adjustment: null, decimals: 0 },
  { kpi_id: 'GDP_REAL_YOY', name: 'Real GDP growth, year on year', group: 'gdp', unit: 'Percent change from a year earlier', unit_code: 'PCT_YOY', frequency: 'quarterly', description: 'Change of real (chain-linked, constant-price) GDP against the same quarter a year earlier.', aliases: ['gdp growth', 'growth', 'real gdp growth', 'economic growth'], adjustment: 'seasonally adjusted', decimals: 1 },
  { kpi_id: 'GDP_REAL_QOQ', name: 'Real GDP growth, quarter on quarter', group: 'gdp', unit: 'Percent change from the previous quarter', unit_code: 'PCT_QOQ', frequency: 'quarterly', description: 'Change of seasonally adjusted real GDP against the previous quarter (not annualised).', aliases: ['gdp qoq', 'quarterly growth', 'gdp growth qoq'], adjustment: 'seasonally adjusted', decimals: 1 },
  { kpi_id: 'INDUSTRIAL_PRODUCTION', name: 'Industrial production index', group: 'gdp', unit: 'Index, 2015 = 100', unit_code: 'IDX_2015', frequency: 'monthly', description: 'Volume of output of mining, manufacturing and utilities.', aliases: ['industrial production', 'ip', 'industrial output', 'factory output'], adjustment: 'seasonally adjusted', decimals: 1 },
  { kpi_id: 'GNI_PER_CAPITA', name: 'GNI per capita, Atlas method', group: 'gdp', unit: 'US dollars per person', unit_code: 'USD_PER_CAPITA', frequency: 'annual', description: 'Gross national income in US dollars (World Bank Atlas method) divided by the mid-year population.', aliases: ['gni per capita', 'national income per capita'], adjustment: null, decimals: 0, sample: false },
  { kpi_id: 'GNP_REAL', name: 'Real gross national product', group: 'gdp', unit: 'Billions of chained national currency units', unit_code: 'NCU_BN_REAL', frequency: 'annual', description: 'Gross national product at constant (chained) prices.', aliases: ['real gnp', 'gnp'], adjustment: null, decimals: 3, sample: false },
  // prices
  { kpi_id: 'CPI', name: 'Consumer price index', group: 'prices', unit: 'Index, 2015 = 100', unit_code: 'IDX_2015', frequency: 'monthly', description: 'Prices of a basket of goods and services bought by households.', aliases: ['consumer prices', 'cpi index', 'price level'], adjustment: 'not seasonally adjusted', decimals: 2 },
  { kpi_id: 'CPI_YOY', name: 'CPI inflation', group: 'prices', unit: 'Percent change from a year earlier', unit_code: 'PCT_YOY', frequency: 'monthly', description: 'Change of the consumer price index against the same month a year earlier.', aliases: ['inflation', 'cpi inflation', 'headline inflation', 'inflation rate'], adjustment: 'not seasonally adjusted', decimals: 1 },
  { kpi_id: 'CORE_CPI_YOY', name: 'Core CPI inflation', group: 'prices', unit: 'Percent change from a year earlier', unit_code: 'PCT_YOY', frequency: 'monthly', description: 'Consumer-price inflation excluding food and energy.', aliases: ['core inflation', 'underlying inflation', 'core cpi'], adjustment: 'not seasonally adjusted', decimals: 1 },
  { kpi_id: 'PPI_YOY', name: 'Producer price inflation', group: 'prices', unit: 'Percent change from a year earlier', unit_code: 'PCT_YOY', frequency: 'monthly', description: 'Change of domestic producer (factory-gate) prices against the same month a year earlier.', aliases: ['ppi', 'producer prices', 'factory gate prices', 'ppi inflation'], adjustment: 'not seasonally adjusted', decimals: 1 },
  { kpi_id: 'GDP_DEFLATOR_YOY', name: 'GDP deflator inflation', group: 'prices', unit: 'Percent change from a year earlier', unit_code: 'PCT_YOY', frequency: 'annual', description: 'Change of the implicit price deflator of GDP.', aliases: ['gdp deflator', 'deflator'], adjustment: null, decimals: 1 },
  { kpi_id: 'HOUSE_PRICES', name: 'Residential property prices', group: 'prices', unit: 'Index, 2015 = 100', unit_code: 'IDX_2015', frequency: 'quarterly', description: 'Nominal prices of residential property.', aliases: ['house prices', 'home prices', 'property prices', 'housing'], adjustment: 'not seasonally adjusted', decimals: 1 },
  // labour
  { kpi_id: 'UNEMPLOYMENT', name: 'Unemployment rate', group: 'labour', unit: 'Percent of labour force', unit_code: 'PCT_LF', frequency: 'monthly', description: 'Unemployed persons as a share of the labour force (ILO definition).', aliases: ['unemployment', 'unemployment rate', 'jobless rate', 'jobless'], adjustment: 'seasonally adjusted', decimals: 1 },
  { kpi_id: 'YOUTH_UNEMPLOYMENT', name: 'Youth unemployment rate', group: 'labour', unit: 'Percent of labour force aged 15-24', unit_code: 'PCT_LF', frequency: 'monthly', description: 'Unemployment rate of persons aged 15 to 24.', aliases: ['youth unemployment', 'youth jobless rate'], adjustment: 'seasonally adjusted', decimals: 1 },
  { kpi_id: 'EMPLOYMENT_RATE', name: 'Employment rate', group: 'labour', unit: 'Percent of population aged 15-64', unit_code: 'PCT_POP', frequency: 'quarterly', description: 'Employed persons as a share of the working-age population.', aliases: ['employment rate', 'employment'], adjustment: 'seasonally adjusted', decimals: 1 },
  { kpi_id: 'WAGE_GROWTH', name: 'Nominal wage growth', group: 'labour', unit: 'Percent change from a year earlier', unit_code: 'PCT_YOY', frequency: 'quarterly', description: 'Change of average hourly earnings against the same quarter a year earlier.', aliases: ['wages', 'wage growth', 'earnings growth', 'pay growth'], adjustment: 'seasonally adjusted', decimals: 1 },
  { kpi_id: 'POPULATION', name: 'Population', group: 'labour', unit: 'Persons', unit_code: 'PERSONS', frequency: 'annual', description: 'Mid-year resident population.', aliases: ['population', 'pop', 'inhabitants'], adjustment: null, decimals: 0 },
  // money
  { kpi_id: 'POLICY_RATE', name: 'Central bank policy rate', group: 'money', unit: 'Percent per annum', unit_code: 'PCT_PA', frequency: 'monthly', description: 'Main policy rate of the central bank, end of month.', aliases: ['policy rate', 'interest rate', 'central bank rate', 'base rate'], adjustment: null, decimals: 2 },
  { kpi_id: 'INTERBANK_3M', name: 'Three-month interbank rate', group: 'money', unit: 'Percent per annum', unit_code: 'PCT_PA', frequency: 'monthly', description: 'Three-month interbank lending rate, monthly average.', aliases: ['interbank rate', 'short-term rate', 'money market rate', '3m rate'], adjustment: null, decimals: 2 },
  { kpi_id: 'M2_YOY', name: 'Broad money growth', group: 'money', unit: 'Percent change from a year earlier', unit_code: 'PCT_YOY', frequency: 'monthly', description: 'Change of the broad money stock (M2) against the same month a year earlier.', aliases: ['money supply', 'm2', 'broad money', 'money growth'], adjustment: 'seasonally adjusted', decimals: 1 },
  { kpi_id: 'BOND_YIELD_10Y', name: '10-year government bond yield', group: 'money', unit: 'Percent per annum', unit_code: 'PCT_PA', frequency: 'daily', description: 'Yield on benchmark 10-year government bonds, close of business day.', aliases: ['bond yield', '10y yield', 'long-term rate', '10 year yield'], adjustment: null, decimals: 3 },
  { kpi_id: 'FX_USD', name: 'Exchange rate against the US dollar', group: 'money', unit: 'National currency per US dollar', unit_code: 'NCU_PER_USD', frequency: 'daily', description: 'Units of national currency per US dollar, close of business day.', aliases: ['exchange rate', 'fx', 'currency', 'fx rate'], adjustment: null, decimals: 4 },
  { kpi_id: 'FX_EUR', name: 'Exchange rate against the euro', group: 'money', unit: 'National currency per euro', unit_code: 'NCU_PER_EUR', frequency: 'daily', description: 'Units of national currency per euro (ECB reference rates).', aliases: ['euro exchange rate', 'eur rate'], adjustment: null, decimals: 4, sample: false },
  // government
  { kpi_id: 'GOV_DEBT', name: 'General government gross debt', group: 'government', unit: 'Percent of GDP', unit_code: 'PCT_GDP', frequency: 'annual', description: 'Gross debt of the general government, end of year.', aliases: ['government debt', 'public debt', 'debt to gdp', 'national debt'], adjustment: null, decimals: 1 },
  { kpi_id: 'GOV_BALANCE', name: 'General government balance', group: 'government', unit: 'Percent of GDP', unit_code: 'PCT_GDP', frequency: 'annual', description: 'Net lending (+) or borrowing (-) of the general government.', aliases: ['budget balance', 'fiscal balance', 'deficit', 'budget deficit'], adjustment: null, decimals: 1 },
  { kpi_id: 'GOV_REVENUE', name: 'General government revenue', group: 'government', unit: 'Percent of GDP', unit_code: 'PCT_GDP', frequency: 'annual', description: 'Total revenue of the general government.', aliases: ['government revenue', 'tax revenue', 'revenue'], adjustment: null, decimals: 1 },
  { kpi_id: 'GOV_EXPENDITURE', name: 'General government expenditure', group: 'government', unit: 'Percent of GDP', unit_code: 'PCT_GDP', frequency: 'annual', description: 'Total expenditure of the general government (revenue minus balance).', aliases: ['government spending', 'public spending', 'expenditure'], adjustment: null, decimals: 1 },
  // external
  { kpi_id: 'CURRENT_ACCOUNT', name: 'Current account balance', group: 'external', unit: 'Percent of GDP', unit_code: 'PCT_GDP', frequency: 'annual', description: 'Balance of the current account of the balance of payments.', aliases: ['current account', 'external balance', 'ca balance'], adjustment: null, decimals: 1 },
  { kpi_id: 'EXPORTS', name: 'Exports of goods', group: 'external', unit: 'US dollars', unit_code: 'USD', frequency: 'monthly', description: 'Value of goods exported, free on board.', aliases: ['exports', 'goods exports'], adjustment: 'not seasonally adjusted', decimals: 0 },
  { kpi_id: 'IMPORTS', name: 'Imports of goods', group: 'external', unit: 'US dollars', unit_code: 'USD', frequency: 'monthly', description: 'Value of goods imported, cost, insurance and freight.', aliases: ['imports', 'goods imports'], adjustment: 'not seasonally adjusted', decimals: 0 },
  { kpi_id: 'TRADE_BALANCE', name: 'Trade balance in goods', group: 'external', unit: 'US dollars', unit_code: 'USD', frequency: 'monthly', description: 'Exports of goods minus imports of goods.', aliases: ['trade balance', 'trade surplus', 'trade deficit', 'net exports'], adjustment: 'not seasonally adjusted', decimals: 0 },
  { kpi_id: 'FX_RESERVES', name: 'Foreign exchange reserves', group: 'external', unit: 'US dollars', unit_code: 'USD', frequency: 'monthly', description: 'Official reserve assets excluding gold, end of month.', aliases: ['reserves', 'fx reserves', 'foreign reserves'], adjustment: null, decimals: 0 },
  { kpi_id: 'FDI_INFLOWS', name: 'Foreign direct investment, net inflows', group: 'external', unit: 'US dollars', unit_code: 'USD', frequency: 'annual', description: 'Net inflows of direct investment from abroad.', aliases: ['fdi', 'foreign direct investment', 'fdi inflows'], adjustment: null, decimals: 0 },
];
