// Run lite/pyodide_compile.py inside Pyodide, in Node.js: scripts/build_lite.py calls
//
//   node lite/pyodide_compile.mjs <pyodide runtime folder> <job.json>
//
// The host's file system is mounted at /host inside Pyodide; the job's paths are host paths.
// Prints the JSON summary that pyodide_compile.main returns.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const [runtime, job] = process.argv.slice(2);
if (!runtime || !job) {
  console.error("usage: node lite/pyodide_compile.mjs <pyodide runtime folder> <job.json>");
  process.exit(2);
}
const here = path.dirname(fileURLToPath(import.meta.url));
const folder = path.resolve(runtime) + path.sep;
const { loadPyodide } = await import(pathToFileURL(path.join(folder, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: folder, stdout: () => {}, stderr: (t) => console.error(t) });
pyodide.FS.mkdirTree("/host");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: "/" }, "/host");
const module = pyodide.globals.get("dict")();
pyodide.runPython(readFileSync(path.join(here, "pyodide_compile.py"), "utf8"), { globals: module });
const main = module.get("main");
console.log(main("/host" + path.resolve(job)));
