import { useId } from 'react';
import type { AlertChannel } from '../../../lib/api-types';
import { channelLabel, CHANNELS } from '../criteria';

interface ChannelChoiceProps {
  value: AlertChannel;
  /** False: the email ones are still offered, marked as needing a verified email. */
  emailReachable: boolean;
  onChange: (channel: AlertChannel) => void;
}

/** How the buyer wants to hear of new matches, as four choices in sight (the save dialog). */
export function ChannelChoice({ value, emailReachable, onChange }: ChannelChoiceProps) {
  const name = useId();
  return (
    <fieldset className="choice-group">
      <legend className="field__label">How should we tell you?</legend>
      {CHANNELS.map((channel) => (
        <label key={channel} className="choice">
          <input type="radio" name={name} value={channel} checked={value === channel} onChange={() => onChange(channel)} />
          <span>{channelLabel(channel, emailReachable)}</span>
        </label>
      ))}
    </fieldset>
  );
}
