12 3 GreedyPlayer ChainedRemovalPolicy
1 1 2 1 1 
1 1 2 1 1 
2 2 2 2 2 
1 1 2 1 1 
1 1 2 1 1 
