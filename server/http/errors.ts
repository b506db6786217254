import { MESSAGES } from '../../contract/common.ts'

/** An error the client shows as is: `{ statusCode, message }` with an Italian message. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly details?: unknown,
  ) {
    super(message)
  }

  static badRequest(message: string, details?: unknown) {
    return new ApiError(400, message, details)
  }
  static unauthorized() {
    return new ApiError(401, MESSAGES.unauthorized)
  }
  static forbidden(message: string = MESSAGES.forbidden) {
    return new ApiError(403, message)
  }
  static notFound(message: string = MESSAGES.notFound) {
    return new ApiError(404, message)
  }
  static conflict(message: string) {
    return new ApiError(409, message)
  }
}
