// What every error the app throws shares, below the HTTP layer and the operations alike.

/** Core appends the run's log to an error's message unless this is set
 * (create-lambda-handler.js), and only the integration's developers read that log. */
export function doNotContextify<E extends Error>(error: E): E {
  return Object.assign(error, { doNotContextify: true });
}
