// The entry Zapier loads. The app is written in TypeScript under src/ and
// compiled to dist/ by `npm run build` (which `npm test` runs first).
module.exports = require('./dist/index.js').default;
