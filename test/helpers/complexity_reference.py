"""Economic complexity the straightforward way, with numpy's dense matrices, for the tests.

Reads {"countries": [...], "products": [...], "values": [...], "min_country_exports": n,
"min_product_trade": n} (one entry per country x product) on stdin and writes the kept
countries and products with ECI, PCI, COI, diversity, ubiquity, exports, and the density,
COG, RCA and proximity matrices as JSON. Mpp = diag(1/k_p) M^T diag(1/k_c) M is built whole
(products x products) and decomposed by numpy.linalg.eig, the other side from the service's.
"""
import json
import sys

import numpy as np

task = json.load(sys.stdin)
countries = sorted(set(task["countries"]))
products = sorted(set(task["products"]))
ci = {c: i for i, c in enumerate(countries)}
pi = {p: i for i, p in enumerate(products)}
X = np.zeros((len(countries), len(products)))
for c, p, v in zip(task["countries"], task["products"], task["values"]):
    X[ci[c], pi[p]] += v

# The thresholds, judged on the whole year; then zero totals in the kept matrix leave.
keep_c = X.sum(axis=1) >= task["min_country_exports"]
keep_p = X.sum(axis=0) >= task["min_product_trade"]
X = X[keep_c][:, keep_p]
countries = [c for c, k in zip(countries, keep_c) if k]
products = [p for p, k in zip(products, keep_p) if k]
rows = X.sum(axis=1) > 0
X = X[rows]
countries = [c for c, k in zip(countries, rows) if k]
cols = X.sum(axis=0) > 0
X = X[:, cols]
products = [p for p, k in zip(products, cols) if k]

xc = X.sum(axis=1)
xp = X.sum(axis=0)
rca = (X / xc[:, None]) / (xp[None, :] / X.sum())
M = (rca >= 1).astype(float)
kc = M.sum(axis=1)
kp = M.sum(axis=0)
Mpp = (M.T / kp[:, None]) @ (M / kc[:, None])
values, vectors = np.linalg.eig(Mpp)
second = np.argsort(-values.real)[1]
v = vectors[:, second].real
K = (M @ v) / kc
s = np.sign(np.corrcoef(kc, K)[0, 1])
K = s * K
u = s * v
mu = K.mean()
sigma = K.std()
phi = (M.T @ M) / np.maximum(kp[:, None], kp[None, :])
phi_sum = phi.sum(axis=1)
density = (M @ phi) / phi_sum[None, :]
cog = (1 - M) * (((1 - M) * (u / sigma / phi_sum)[None, :]) @ phi)
outlook = (density * (1 - M) * u[None, :]).sum(axis=1)
coi = (outlook - outlook.mean()) / outlook.std()
json.dump(
    {
        "countries": countries,
        "products": products,
        "eci": ((K - mu) / sigma).tolist(),
        "pci": ((u - mu) / sigma).tolist(),
        "coi": coi.tolist(),
        "diversity": kc.tolist(),
        "ubiquity": kp.tolist(),
        "exports": xc.tolist(),
        "world_exports": xp.tolist(),
        "value": X.tolist(),
        "rca": rca.tolist(),
        "density": density.tolist(),
        "cog": cog.tolist(),
        "proximity": phi.tolist(),
    },
    sys.stdout,
)
