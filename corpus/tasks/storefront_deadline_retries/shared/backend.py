"""The inventory service, simulated. Each SKU can be scripted per attempt: answer, refuse the
connection, or hang (never answer)."""

import asyncio


class InventoryBackend:
    def __init__(self, stock, script=None):
        self.stock = dict(stock)
        self.script = {sku: list(plan) for sku, plan in (script or {}).items()}
        self.requests = []
        self._never = asyncio.Event()

    async def request(self, sku):
        self.requests.append(sku)
        plan = self.script.get(sku)
        step = (plan.pop(0) if len(plan) > 1 else plan[0]) if plan else "answer"
        if step == "refuse":
            raise ConnectionRefusedError(f"inventory refused the connection for {sku}")
        if step == "hang":
            await self._never.wait()
        await asyncio.sleep(0)
        return self.stock.get(sku, 0)
