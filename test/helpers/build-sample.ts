// Builds the shared test sample before the test files run, so none of them waits for it.
// Prints the build's directory alone on stdout: `npm test` pins it for the run (ECONTRADE_TEST_SAMPLE).
import { cachedSample, markUsed } from './sample.js';

const started = performance.now();
const dir = await cachedSample();
markUsed(dir);
console.error(`test sample ready in ${Math.round(performance.now() - started)} ms: ${dir}`);
console.log(dir);
