/**
 * @module api/error-codes
 * The ONE table of the API's error codes and their HTTP statuses. No imports, so the SDK
 * (client/errors.ts), the OpenAPI description and the docs derive their lists from it; the
 * server's error handling (api/errors) answers with these codes only.
 */

/** Error code → HTTP status. Codes are stable UPPER_SNAKE strings; clients may switch on them. */
export const ERROR_STATUS = {
  /** Any malformed request (bad Content-Length, bad header...) not covered below. */
  BAD_REQUEST: 400,
  /** The body is not parseable JSON (or is empty while JSON was announced, or is not valid UTF-8). */
  MALFORMED_JSON: 400,
  /** MEMORY_AUTH_TOKEN is set and the Authorization header is missing or wrong. */
  UNAUTHORIZED: 401,
  /** Reserved: no route sends it today. */
  FORBIDDEN: 403,
  /** No such route. */
  NOT_FOUND: 404,
  /** The memory named by the request does not exist in its scope (the platform API says FACT_NOT_FOUND). */
  MEMORY_NOT_FOUND: 404,
  /** Reserved: no route sends it today. */
  TURN_NOT_FOUND: 404,
  /** The session named by an MCP `forget` call is not the bound user's. */
  SESSION_NOT_FOUND: 404,
  /** Reserved: no route sends it today. */
  USER_NOT_FOUND: 404,
  /** The platform API's name for MEMORY_NOT_FOUND: the fact id does not exist in the caller's tenant. */
  FACT_NOT_FOUND: 404,
  /** The route exists but not for this method (GET/DELETE /mcp). */
  METHOD_NOT_ALLOWED: 405,
  /** A uniqueness rule was violated (two active rows for one single-valued key). */
  CONFLICT: 409,
  /** A path parameter is longer than the router accepts (api/error-handler MAX_PATH_PARAM_LENGTH, 4,096 characters encoded). */
  URI_TOO_LONG: 414,
  /** The request line and headers exceed Node's limit (16 KB): an over-long path or query. */
  HEADERS_TOO_LARGE: 431,
  /** The body exceeds MEMORY_MAX_BODY_BYTES. */
  PAYLOAD_TOO_LARGE: 413,
  /** A turn has more messages than MEMORY_MAX_TURN_MESSAGES or a message longer than MEMORY_MAX_MESSAGE_CHARS. */
  TURN_TOO_LARGE: 413,
  /** A body that is not application/json, or declares a charset other than UTF-8. */
  UNSUPPORTED_MEDIA_TYPE: 415,
  /** The body, path or query violates the schema (missing field, wrong type, bad enum...). */
  VALIDATION_FAILED: 422,
  /** Schema-valid input the domain rejects (core InvalidInputError). */
  INVALID_INPUT: 422,
  /** Reserved: no route sends it today (the service has no rate limiter). */
  RATE_LIMITED: 429,
  /** Anything unexpected. The body carries the request id; details go to the log only. */
  INTERNAL_ERROR: 500,
  /** A configured provider failed and no fallback could serve the request. */
  UPSTREAM_UNAVAILABLE: 502,
  /** The store cannot be reached (connection lost, disk full...). */
  STORE_UNAVAILABLE: 503,
  /** The server received SIGTERM and accepts no new requests; retry against another replica or later. */
  SHUTTING_DOWN: 503,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** Every code the API can send, in table order. */
export const API_ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];
