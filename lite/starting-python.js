// "Starting Python…": a notice at the top of the page while the open lesson's Python (the Pyodide
// kernel, which runs in the browser) starts, and until it is ready; then "Python is ready" for two
// seconds, and nothing. scripts/build_lite.py adds this script to every page of the site that can
// open a notebook. It never changes the notebook; the one thing it does besides watching is to ask
// for the lesson's Python as soon as the page can (see startEarly).
//
// The language follows the lesson: a notebook under ro/ gets Romanian, the others English
// (Romanian too when the browser's language is Romanian and the lesson's is not known).
(function () {
  "use strict";
  const TEXTS = {
    en: {
      loading: "Opening the lesson…",
      starting: "Starting Python in your browser…",
      restarting: "Restarting Python…",
      wait: "Cells you run now start as soon as it is ready. The first start takes longest.",
      ready: "Python is ready.",
      dead: "Python has stopped: Kernel → Restart Kernel starts it again.",
    },
    ro: {
      loading: "Se deschide lecția…",
      starting: "Python pornește în browser…",
      restarting: "Python repornește…",
      wait: "Celulele rulate acum pornesc imediat ce este gata. Prima pornire durează cel mai mult.",
      ready: "Python este gata.",
      dead: "Python s-a oprit: Kernel → Restart Kernel îl pornește din nou.",
    },
  };
  const READY_SHOWN_MS = 2000;
  const started = Date.now();
  const log = [];
  // Read by the browser test: each state the notice showed, with its time since page load.
  window.pachisiStartingPython = { log };

  function language(path) {
    if (/^(.*\/)?ro\//.test(path || "")) return "ro";
    if (path) return "en";
    return (navigator.language || "").toLowerCase().startsWith("ro") ? "ro" : "en";
  }

  // The notebook the address asked for (read now: the app rewrites the address once it opens).
  const asked = (function () {
    const path = new URLSearchParams(window.location.search).get("path") || "";
    return path.endsWith(".ipynb") ? path : "";
  })();

  // What the page is doing: [state, notebook path]. States: "loading" (no app yet, a notebook
  // asked for), "starting", "restarting", "ready", "dead", "" (nothing to say).
  let notebookSeen = false;

  function observe() {
    const app = window.jupyterapp;
    const widget = app && app.shell && app.shell.currentWidget;
    const context = widget && widget.sessionContext;
    if (!context) {
      // Until the notebook asked for in the address is open, the page is still opening it.
      return [asked && !notebookSeen ? "loading" : "", asked];
    }
    notebookSeen = true;
    const path = (context.path || "").replace(/^[^/:]*:/, "");
    const kernel = context.session && context.session.kernel;
    // No kernel yet: one is on its way, unless the notebook settled on having none.
    if (!kernel) return [context.isReady && context.hasNoKernel ? "" : "starting", path];
    const status = kernel.status;
    if (status === "dead") return ["dead", path];
    if (status === "restarting" || status === "autorestarting") return ["restarting", path];
    if ((status === "idle" || status === "busy") && kernel.connectionStatus === "connected") {
      return ["ready", path];
    }
    return ["starting", path];
  }

  let box = null;
  let waitingSince = 0; // when the notice began to say "starting" (0: it is not waiting)
  let readySince = 0; // when it began to say "ready" after waiting
  let last = "";

  function element() {
    if (box) return box;
    const style = document.createElement("style");
    style.textContent = `
      #pachisi-starting-python {
        position: fixed; top: 34px; left: 50%; transform: translateX(-50%); z-index: 100000;
        display: flex; align-items: center; gap: 10px; max-width: 90vw; box-sizing: border-box;
        padding: 8px 16px; border-radius: 6px; pointer-events: none;
        font: 14px/1.35 -apple-system, BlinkMacSystemFont, "Segoe UI", Helvetica, Arial, sans-serif;
        background: #fff4d6; color: #4a3800; border: 1px solid #e2c46b;
        box-shadow: 0 2px 8px rgba(0, 0, 0, 0.18);
      }
      #pachisi-starting-python[data-state="ready"] {
        background: #e4f4e4; color: #1d4d1d; border-color: #8cc68c;
      }
      #pachisi-starting-python[data-state="dead"] {
        background: #fbe3e1; color: #6b1410; border-color: #e09a93;
      }
      #pachisi-starting-python small { display: block; opacity: 0.85; font-size: 12px; }
      #pachisi-starting-python .spinner {
        flex: none; width: 16px; height: 16px; border-radius: 50%;
        border: 3px solid rgba(74, 56, 0, 0.25); border-top-color: #4a3800;
        animation: pachisi-spin 0.9s linear infinite;
      }
      #pachisi-starting-python[data-state="ready"] .spinner,
      #pachisi-starting-python[data-state="dead"] .spinner { display: none; }
      @keyframes pachisi-spin { to { transform: rotate(360deg); } }
    `;
    document.head.appendChild(style);
    box = document.createElement("div");
    box.id = "pachisi-starting-python";
    box.setAttribute("role", "status");
    box.setAttribute("aria-live", "polite");
    box.innerHTML = '<span class="spinner"></span><span><span class="text"></span>' +
      '<small class="hint"></small></span>';
    document.body.appendChild(box);
    return box;
  }

  function show(state, path) {
    const words = TEXTS[language(path)];
    const el = element();
    const seconds = Math.round((Date.now() - waitingSince) / 1000);
    const counting = (state === "starting" || state === "loading") && seconds >= 2;
    el.dataset.state = state;
    el.querySelector(".text").textContent = words[state] + (counting ? ` ${seconds} s` : "");
    el.querySelector(".hint").textContent = state === "starting" ? words.wait : "";
    el.style.display = "flex";
  }

  function tick() {
    const [state, path] = observe();
    let visible = "";
    if (state === "loading" || state === "starting" || state === "restarting" || state === "dead") {
      if (!waitingSince) waitingSince = Date.now();
      readySince = 0;
      visible = state;
    } else if (state === "ready" && waitingSince) {
      // "ready" only right after a wait: a lesson that was already running stays quiet.
      if (!readySince) readySince = Date.now();
      if (Date.now() - readySince < READY_SHOWN_MS) visible = "ready";
      else waitingSince = readySince = 0;
    } else {
      waitingSince = readySince = 0;
    }
    if (visible) show(visible, path);
    else if (box) box.style.display = "none";
    if (visible !== last) {
      log.push([visible, (Date.now() - started) / 1000]);
      last = visible;
    }
  }

  // Start the lesson's Python as soon as the page can, instead of once the notebook is drawn:
  // a session for the notebook's path, which the notebook then joins (JupyterLab connects a
  // notebook to the running session of its path, as when it is reopened). Python (a worker)
  // then starts while the page is still busy setting itself up and drawing the lesson.
  let prestart = asked ? "waiting" : "done";

  function startEarly() {
    const app = window.jupyterapp;
    const manager = app && app.serviceManager;
    const specs = manager && manager.isReady && manager.kernelspecs && manager.kernelspecs.specs;
    const kernel = specs && specs.default;
    if (!kernel || !manager.sessions.isReady) return;
    prestart = "starting";
    const running = Array.from(manager.sessions.running());
    if (running.some((model) => model.path === asked)) {
      prestart = "done";
      return;
    }
    // This page's own connection to the kernel must leave the widgets' messages to the
    // notebook's (a connection that handles comms closes those it does not know), and goes away
    // once the session exists: the notebook makes its own.
    manager.sessions
      .startNew(
        { path: asked, type: "notebook", name: asked.split("/").pop(), kernel: { name: kernel } },
        { kernelConnectionOptions: { handleComms: false } },
      )
      .then((session) => {
        log.push(["prestarted", (Date.now() - started) / 1000]);
        session.dispose();
      })
      .catch((error) => console.warn("Could not start Python early:", error))
      .finally(() => { prestart = "done"; });
  }

  function start() {
    tick();
    window.setInterval(tick, 250);
    const early = window.setInterval(() => {
      if (prestart === "waiting") startEarly();
      if (prestart !== "waiting") window.clearInterval(early);
    }, 50);
  }

  if (document.body) start();
  else document.addEventListener("DOMContentLoaded", start);
})();
