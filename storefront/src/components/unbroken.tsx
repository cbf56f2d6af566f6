import { Fragment } from 'react';

/**
 * An email address that wraps only where it reads well, before the @ and after a dot, never in the
 * middle of a name, not even at its hyphens: "chukwuemeka.okonkwo-adeyemi@lagos-ev-motors.com.ng" on
 * a 360 px phone. A single part wider than the screen ends in an ellipsis rather than break.
 */
export function EmailText({ email }: { email: string }) {
  const parts = email.split(/(?=@)|(?<=\.)/);
  return (
    <span className="email" title={email}>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          <span className="email__part">{part}</span>
        </Fragment>
      ))}
    </span>
  );
}

/** A phone number, an amount, a date: kept on one line. */
export function Unbroken({ children }: { children: string }) {
  return <span className="unbroken">{children}</span>;
}
