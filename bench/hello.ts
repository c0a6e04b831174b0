/**
 * The ceiling `npm run bench:load` measures the service against: a bare Fastify
 * hello-world (no logger, no hooks), in its own process on BENCH_HELLO_PORT.
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.BENCH_HELLO_PORT ?? 18501), host: '127.0.0.1' });
console.log('ready');
