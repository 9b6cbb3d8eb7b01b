// `make playground`: serves the repository root on localhost (default port 8000, or PORT), so
// the playground is http://127.0.0.1:8000/web/playground.html. Static files only, GET only,
// nothing outside the repository.
import { serve } from "./tests/chromium.mjs";

const port = Number(process.argv[2] || process.env.PORT || 8000);
const server = await serve(new URL("..", import.meta.url).pathname, port);
console.log(`MotionKernel playground: http://127.0.0.1:${server.address().port}/web/playground.html (Ctrl-C stops)`);
