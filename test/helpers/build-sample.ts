// Builds the shared test sample before the test files run, so none of them waits for it.
import { cachedSample } from './sample.js';

const started = performance.now();
const dir = await cachedSample();
console.log(`test sample ready in ${Math.round(performance.now() - started)} ms: ${dir}`);
