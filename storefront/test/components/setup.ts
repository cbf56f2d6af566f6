import { configure } from '@testing-library/react';

// These tests share two cores with Postgres, the identity emulator and Chromium while `npm test`
// runs: a page that renders in 50 ms alone once took over a second there, past the library's 1 s
// wait (browse-count, in CI). A findBy* still returns as soon as the element shows.
configure({ asyncUtilTimeout: 5_000 });
