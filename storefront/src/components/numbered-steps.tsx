export interface Step {
  title: string;
  text: string;
}

/** "How it works": a heading and numbered cards, one per step. */
export function NumberedSteps({ id, title, steps }: { id: string; title: string; steps: readonly Step[] }) {
  return (
    <section className="why" aria-labelledby={id}>
      <div className="page">
        <h2 id={id}>{title}</h2>
        <ol className="steps">
          {steps.map((step, i) => (
            <li key={step.title} className="card steps__item">
              <span className="steps__number" aria-hidden="true">{i + 1}</span>
              <h3 className="h4">{step.title}</h3>
              <p className="muted">{step.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
