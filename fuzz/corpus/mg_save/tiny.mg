12 3 GreedyPlayer ChainedRemovalPolicy
1 3 2 
1 1 1 
1 2 2 
