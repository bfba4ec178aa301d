import type { MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'

export const meta: MetaFunction = () => [{ title: 'Bare page' }]

export async function loader() {
  return { greeting: 'Hello', items: ['one', 'two', 'three'] }
}

export default function Index() {
  const { greeting, items } = useLoaderData<typeof loader>()
  return (
    <main>
      <h1>{greeting}</h1>
      <form method="post">
        <label htmlFor="email">E-mail</label>
        <input id="email" name="email" type="email" />
        <button type="submit">Send</button>
      </form>
      <ul>
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </main>
  )
}
