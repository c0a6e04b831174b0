export { Client, type CallOptions, type ClientOptions } from './client.js';
export { EcontradeClient } from './econtrade.js';
export { ApiError, TransportError, type ErrorBody, type ErrorCode, type ValidationIssue } from './errors.js';
export { DEFAULT_RETRY, type RetryPolicy } from './retry.js';
export type { ApiPath, BodyOf, DataOf, PagedPath, PathParamsOf, QueryOf, RowOf } from './types.js';
export type { components, paths } from './api-types.js';
