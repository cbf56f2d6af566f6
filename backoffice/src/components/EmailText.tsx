import { Fragment } from 'react';

/**
 * An email address that wraps only where it divides itself, before "@" and each ".", never inside a
 * word: a table squeezing its column breaks "emeka.bello@voltmarket.test" as "emeka.bello" /
 * "@voltmarket.test", not "voltmark" / "et.test".
 */
export function EmailText({ email }: { email: string }) {
  const parts = email.split(/(?=[@.])/);
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </>
  );
}
