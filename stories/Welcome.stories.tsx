import type { Meta, StoryObj } from '@storybook/react-vite';
import { extractVariables } from 'prompt-composer-react';

/** A first page until the component stories land: shows the template parser on a sample prompt. */
function Welcome({ template }: { template: string }) {
  return (
    <main>
      <h1>prompt-composer-react</h1>
      <p>React hooks and components for the Prompt and Composer Read API.</p>
      <p>
        Variables in <code>{template}</code>:
      </p>
      <ul>
        {extractVariables(template).map((name) => (
          <li key={name}>{name}</li>
        ))}
      </ul>
    </main>
  );
}

const meta = {
  title: 'Introduction/Welcome',
  component: Welcome,
  args: { template: 'Write a welcome email to ${customer.name} about ${product}.' },
} satisfies Meta<typeof Welcome>;

export default meta;

/** The template parser, live: edit the template in the controls. */
export const Default: StoryObj<typeof meta> = {};
