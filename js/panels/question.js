// The question panel (shown when Python asked a question: the `question` trait is not empty):
// the question, its choices as buttons in a group (Tab and Enter reach them), then whether the
// answer was right and why, and the score. Python checks the answer; the panel only sends the
// choice with the id of the question it was shown for.
import { htmlEl } from "../draw.js";

/** @param {{doc: Document, model: object, send: (msg: object) => void}} ctx */
export function createQuestion({ doc, model, send }) {
  const el = htmlEl(doc, "section", { class: "pachisi-question", "data-role": "question" });
  const title = htmlEl(doc, "h4", { class: "pachisi-heading" });
  const prompt = htmlEl(doc, "p", {
    class: "pachisi-question-prompt",
    id: `pachisi-q-${Math.random().toString(36).slice(2)}`,
  });
  const choices = htmlEl(doc, "div", { class: "pachisi-choices", role: "group", "aria-labelledby": prompt.id });
  const feedback = htmlEl(doc, "p", {
    class: "pachisi-question-feedback",
    "data-role": "question-feedback",
    role: "status",
    "aria-live": "polite",
  });
  const score = htmlEl(doc, "p", { class: "pachisi-score", "data-role": "score" });
  el.append(title, prompt, choices, feedback, score);
  let shownId = null;

  choices.addEventListener("click", (event) => {
    const b = event.target.closest?.("button[data-choice]");
    const q = model.get("question") ?? {};
    if (!b || b.disabled || q.id === undefined) return;
    send({ kind: "answer", question: q.id, choice: Number(b.getAttribute("data-choice")) });
  });

  const update = ({ labels }) => {
    const q = model.get("question") ?? {};
    el.hidden = q.id === undefined;
    if (el.hidden) return;
    title.textContent = labels.question ?? "";
    prompt.textContent = q.prompt ?? "";
    const answered = q.answered ?? null;
    const key = JSON.stringify([q.id, q.choices, answered]);
    if (choices.dataset.key !== key) {
      choices.dataset.key = key;
      const fresh = shownId !== q.id;
      shownId = q.id;
      choices.replaceChildren(
        ...(q.choices ?? []).map((c) => {
          const b = htmlEl(
            doc,
            "button",
            { type: "button", class: "pachisi-button pachisi-choice", "data-choice": c.index },
            c.text,
          );
          if (answered) {
            b.disabled = true;
            if ((answered.right_choices ?? []).includes(c.index)) b.setAttribute("data-correct", "true");
            if (c.index === answered.choice) {
              b.setAttribute("data-result", answered.right ? "right" : "wrong");
              b.setAttribute("aria-pressed", "true");
            }
          }
          return b;
        }),
      );
      if (fresh && el.contains(doc.activeElement) === false && doc.activeElement?.closest?.(".pachisi-widget")) {
        choices.querySelector("button")?.focus();
      }
    }
    feedback.textContent = answered?.text ?? "";
    feedback.hidden = !answered;
    feedback.setAttribute("data-result", answered ? (answered.right ? "right" : "wrong") : "");
    const s = q.score ?? model.get("score") ?? {};
    score.textContent = `${labels.score ?? ""}: ${s.right ?? 0} / ${s.asked ?? 0}`;
  };

  return { nodes: [el], update };
}
