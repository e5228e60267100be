// Imported first by server.ts: unless told otherwise, run React and Remix in production mode
// (React's development build renders several times slower on the server).
process.env.NODE_ENV ??= "production";
