// The front end's unit tests live in js/; Python environments in the checkout (.venv*) carry
// test files of their own packages, which are not ours to run.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["js/**/*.test.js"],
  },
});
