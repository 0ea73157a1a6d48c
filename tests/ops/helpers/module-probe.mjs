// Preloaded with --import into a test server, and so into the processes it starts with its flags
// (the renderers): writes, every 200 ms and at exit, which script this process runs and whether
// node's type stripper (amaro) is loaded in it, to MODULE_PROBE_DIR/<pid>.json.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.env.MODULE_PROBE_DIR;
if (dir) {
  const write = () =>
    writeFileSync(
      join(dir, `${process.pid}.json`),
      JSON.stringify({
        script: process.argv[1],
        typeStripper: process.moduleLoadList.some((m) => m.includes('amaro')),
      }),
    );
  setInterval(write, 200).unref();
  process.on('exit', write);
}
