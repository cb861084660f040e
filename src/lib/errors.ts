// Core appends the run's log to the message of an error without `doNotContextify`
// (create-lambda-handler.js), and only the integration's developers read that log. Core's Error
// and ThrottledError set it themselves (errors.js); HaltedError and ExpiredAuthError do not.
export function doNotContextify<E extends Error>(error: E): E {
  return Object.assign(error, { doNotContextify: true });
}
