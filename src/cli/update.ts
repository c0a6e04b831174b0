import { loadSettings } from '../settings.js';
import { sourcesDir } from '../ingest/sources/dir.js';
import { SourceCatalogueError, economicsCatalogueIds, loadSourceCatalogue } from '../ingest/sources/load.js';
import { buildPlan, formatPlan } from '../ingest/sources/plan.js';
import { UsageError, parseCommandLine } from './args.js';
import { messageOf, runTool } from './run.js';

/*
 * `npm run update`: the official sources of the catalogue (CONTRACT §7). `plan`
 * shows, without any request, which source feeds each indicator × country.
 */

const USAGE = `Usage: npm run update -- plan [--json]

Commands:
  plan     for every indicator × country of the economics catalogue, the source of the
           source catalogue that feeds it (with its fallbacks) or "no source", then a
           summary: pairs covered, total, sources verified by a recorded message and
           sources unverified. No request is made.

Options:
  --json   print the plan as one JSON document {rows, summary}
  --help   this text

The catalogue is the folder SOURCES_DIR (default: the project's sources/). A catalogue
with problems is refused with one line per problem, naming the file and the field.
Exit codes: 0 done, 1 the catalogue has problems, 2 invalid command line.`;

function plan(args: string[]): number {
  const { values, positionals } = parseCommandLine(args, {
    json: { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (positionals.length) throw new UsageError(`unexpected argument "${positionals[0]}"`);
  const dir = sourcesDir(loadSettings());
  let catalogue;
  try {
    catalogue = loadSourceCatalogue(dir);
  } catch (err) {
    if (!(err instanceof SourceCatalogueError)) throw err;
    for (const line of err.problems) console.error(`update plan: ${line}`);
    console.error(`update plan: the source catalogue ${err.dir} has ${err.problems.length} problem(s)`);
    return 1;
  }
  const result = buildPlan(catalogue.sources, economicsCatalogueIds());
  console.log(values.json ? JSON.stringify({ sources_dir: dir, ...result }) : formatPlan(result));
  return 0;
}

/** The exit code of one command line. */
function run(argv: string[]): number {
  const [command, ...args] = argv;
  if (command === '--help' || command === '-h' || command === 'help') {
    console.log(USAGE);
    return 0;
  }
  try {
    if (command === undefined) throw new UsageError('needs a command');
    if (command.startsWith('-')) throw new UsageError(`unknown option ${command.split('=')[0]}`);
    if (command !== 'plan') throw new UsageError(`unknown command "${command}"`);
    return plan(args);
  } catch (err) {
    if (err instanceof UsageError) {
      console.error(`update: ${err.message} (see npm run update -- --help)`);
      return 2;
    }
    console.error(`update: ${messageOf(err)}`);
    return 1;
  }
}

runTool('update', (argv) => Promise.resolve(run(argv)));
