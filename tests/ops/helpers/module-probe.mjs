// Preloaded with --import into a test server, and so into the processes it starts with its flags
// (the renderers): writes, every 200 ms and at exit, which script this process runs and whether
// node's type stripper (amaro) is loaded in it, to MODULE_PROBE_DIR/<pid>.json.
import { renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.env.MODULE_PROBE_DIR;
if (dir) {
  // written whole, then renamed: a process killed while writing leaves its last whole report
  const write = () => {
    const part = join(dir, `${process.pid}.part`);
    writeFileSync(
      part,
      JSON.stringify({
        script: process.argv[1],
        typeStripper: process.moduleLoadList.some((m) => m.includes('amaro')),
      }),
    );
    renameSync(part, join(dir, `${process.pid}.json`));
  };
  setInterval(write, 200).unref();
  process.on('exit', write);
}
